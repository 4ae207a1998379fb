import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The features from the bottom layer up: a feature may import those before it, never one after it.
// Rules and marketplaces are data and checks; the workspace (its settings) and billing sit on them;
// auth (sessions, guards, account deletion) on those; then what signed-in users make, from outputs
// up to bulk jobs; the operator's page (admin) reads everything.
const featureLayers = ["time-zone", "rules", "marketplaces", "workspace", "billing", "auth", "api-keys", "outputs", "generate", "keywords", "listings", "jobs", "amazon", "catalog", "fixes", "publish", "data-export", "dashboard", "marketing", "admin"];

// A feature folder missing from the list would escape the rule: lint refuses to start instead.
const unlayered = readdirSync(new URL("app/features/", import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory() && !featureLayers.includes(entry.name));
if (unlayered.length > 0) throw new Error(`eslint.config.js: add ${unlayered.map((entry) => entry.name).join(", ")} to featureLayers`);

const noRouteImports = { regex: "(^#app/|^(\\.\\./)+)routes/", message: "Features and components never import a route; move the shared piece into its feature." };

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
            { regex: "^#app/(?!(lib|i18n)/)", message: "server/ is the platform: of app/ it reads only lib/ and i18n/ (templates and their offline composers are the app's). Mount feature routers in server/app.ts." },
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
    rules: { "no-restricted-imports": ["error", { patterns: [noRouteImports] }] },
  },
  // Features depend one way (docs/decisions/033): each may import only the features before it in
  // featureLayers, so two features can never import each other. Tests may span features.
  ...featureLayers.map((feature, layer) => ({
    files: [`app/features/${feature}/**`],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noRouteImports,
            ...(layer < featureLayers.length - 1
              ? [
                  {
                    regex: `(^#app/features/|^(\\.\\./)+)(${featureLayers.slice(layer + 1).join("|")})/`,
                    message: `Features depend one way: ${feature} may import only ${featureLayers.slice(0, layer).join(", ") || "no other feature"} (featureLayers in eslint.config.js). Move the shared piece down to the lower feature or app/lib.`,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
  {
    files: ["server/main.js", "scripts/**", "bench/**", "tests/**", "*.config.ts"],
    rules: { "no-console": "off" },
  },
);
