import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app (server/app.ts), so Express, config,
  // the database and every route share one module graph in production.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
});
