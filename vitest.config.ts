import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Vitest's default is one worker on two cores; integration files spend much of their time waiting on
    // the databases and the local servers, so two keep both cores busy.
    maxWorkers: 2,
    // Integration databases are copies of one migrated template per run (tests/support/template-db.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
