import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Integration databases are copies of one migrated template per run (tests/support/template-db.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
