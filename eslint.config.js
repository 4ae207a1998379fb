import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // Direction of dependencies: routes → features → lib/platform. server/ is the platform and knows no
  // feature, except server/app.ts, the one module that mounts feature routers (docs/decisions/013).
  {
    files: ["server/**"],
    ignores: ["server/app.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^#app/(?!(lib|i18n|templates)/)", message: "server/ is the platform: of app/ it reads only lib/, i18n/ and templates/ (plain data and rules). Mount feature routers in server/app.ts." },
            { regex: "^(\\.\\./)+app/", message: "Import app code through #app/…, and never a feature or route from server/." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**"],
    // Routes may read each other's loader types (a child reading its layout's data).
    ignores: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^#app/|^(\\.\\./)+)routes/", message: "Features and components never import a route; move the shared piece into its feature." }] },
      ],
    },
  },
  {
    files: ["server/main.js", "scripts/**", "bench/**", "tests/**", "*.config.ts"],
    rules: { "no-console": "off" },
  },
);
