import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets two checkouts' worth of work (or two engineers) build side by side without clobbering.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
