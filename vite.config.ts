import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

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

// The server build must stay ASCII (see build.rolldownOptions.output below): Rolldown escapes what it can;
// what it cannot (a non-ASCII character inside String.raw, say) is named here, to be written as a \u escape.
const asciiServerBuild: Plugin = {
  name: "sellscribe:ascii-server-build",
  applyToEnvironment: (environment) => environment.name === "ssr",
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (!("code" in file)) continue;
      const found = /[\u0080-\uffff]/.exec(file.code);
      if (found) {
        const line = file.code.slice(0, found.index).split("\n").length;
        this.warn(`${file.fileName}:${line} has "${found[0]}": V8 keeps this whole file in memory at two bytes a character; write it as \\u${found[0].charCodeAt(0).toString(16).padStart(4, "0")} (docs/decisions/021)`);
      }
    }
  },
};

// Worker threads in the server build: Vite bundles `new Worker(new URL("./x.worker.ts", import.meta.url))` for the
// browser only. Here each such file becomes its own entry chunk (assets/x.worker.js, unhashed) and the URL points at
// it from wherever the caller's chunk lands (not import.meta.ROLLUP_FILE_URL: Vite's manifest lists those as assets,
// and React Router moves them to the client folder). In development and under Vitest the .ts file runs as is (Node
// strips its types). docs/decisions/040
const serverWorkerUrl = /new URL\(\s*(["'])(\.{1,2}\/[^"']+\.worker\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;
const serverWorkerMark = /"sellscribe-server-worker:([^"]+)"/g;
const serverWorkers: Plugin = {
  name: "sellscribe:server-workers",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "ssr",
  async transform(code, id) {
    if (!code.includes(".worker.ts")) return null;
    let out = "";
    let last = 0;
    for (const match of code.matchAll(serverWorkerUrl)) {
      const resolved = await this.resolve(match[2]!, id);
      if (!resolved) this.error(`${id}: cannot resolve the worker ${match[2]}`);
      const fileName = `assets/${path.basename(match[2]!, ".ts")}.js`;
      this.emitFile({ type: "chunk", id: resolved.id, fileName });
      out += `${code.slice(last, match.index)}new URL("sellscribe-server-worker:${fileName}", import.meta.url)`;
      last = match.index + match[0].length;
    }
    return last === 0 ? null : { code: out + code.slice(last), map: null };
  },
  renderChunk(code, chunk) {
    if (!code.includes("sellscribe-server-worker:")) return null;
    const from = path.posix.dirname(chunk.fileName);
    return { code: code.replace(serverWorkerMark, (_, fileName: string) => JSON.stringify(`./${path.posix.relative(from, fileName)}`)), map: null };
  },
};

export default defineConfig({
  // The server bundle's entry is our Express app (server/app.ts), so Express, config,
  // the database and every route share one module graph in production.
  environments: {
    ssr: {
      // Bundled, not imported from node_modules at run time: only what is used is kept (the icons the
      // pages show, not all ~6,000), in a few files instead of thousands of modules. Packages that must
      // share one copy go together (Mantine; better-auth with its plugins; the AI SDK with zod).
      // docs/decisions/021-lean-server-memory.md
      // better-auth's own dependencies go with it: better-call would otherwise load a second zod from
      // node_modules (95 modules) beside the bundled one, and the passkey plugin's WebAuthn and ASN.1
      // packages are ~200 small modules.
      resolve: {
        noExternal: [
          "@tabler/icons-react",
          /^@mantine\//,
          /^kysely/,
          /^better-auth/,
          /^@better-auth\//,
          "better-call",
          "@better-fetch/fetch",
          "jose",
          /^@noble\//,
          "@simplewebauthn/server",
          /^@peculiar\//,
          "asn1js",
          "@opentelemetry/semantic-conventions",
          "ai",
          /^@ai-sdk\//,
          "zod",
        ],
      },
      // V8 keeps every module's source in memory, and one non-ASCII character makes it keep the whole
      // file at two bytes a character: the catalogs' "…", "€" and accented letters are escaped, and
      // doc comments (which cannot be) are left out of the server build; licence comments stay.
      build: { rolldownOptions: { input: "./server/app.ts", output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } } } },
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
  plugins: [reactRouter(), asciiServerBuild, serverWorkers],
});
