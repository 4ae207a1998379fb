import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// How the browser bundle is split. Left to itself Rolldown makes a chunk per set of routes sharing code:
// ~45 small files on the home page, each a request with ~0.9 KB of headers, which on a slow phone network
// cost more than their bytes. Instead a hydrated page loads a handful (public pages load none: decision 022):
//   react:  React, React DOM and React Router (every page needs them);
//   public: the public routes (routes/_marketing/*) and what the root imports, with everything they use
//           (Rolldown follows the tree-shaken imports: Mantine's core and the components those pages
//           render, the site code);
// plus the root's own file and React Router's small entry files. What only signed-in pages use, and what
// public pages load on demand (the mobile drawer, toasts), is split automatically.
const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const publicRoute = /[\\/]app[\\/]routes[\\/]_marketing[\\/][^?]+$/;
// root.tsx itself stays in its route file: a real (compressible) script rather than a one-line re-export.
const root = /[\\/]app[\\/]root\.tsx$/;

export default defineConfig({
  // The server bundle's entry is our Express app (server/app.ts), so Express, config,
  // the database and every route share one module graph in production.
  environments: {
    ssr: {
      // Bundled, not imported from node_modules at run time: only what is used is kept (the icons the
      // pages show, not all ~6,000), in a few files instead of thousands of modules. Packages that must
      // share one copy go together (Mantine; better-auth with its plugins; the AI SDK with zod).
      // docs/decisions/021-lean-server-memory.md
      resolve: { noExternal: ["@tabler/icons-react", /^@mantine\//, /^kysely/, /^better-auth/, /^@better-auth\//, "@opentelemetry/semantic-conventions", "ai", /^@ai-sdk\//, "zod"] },
      build: { rolldownOptions: { input: "./server/app.ts" } },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: framework, priority: 20 },
                {
                  name: (id, ctx) => (publicRoute.test(id) || ctx.getModuleInfo(id)?.importers.some((importer) => root.test(importer)) ? "public" : null),
                  debugName: "public",
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [reactRouter()],
});
