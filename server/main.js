// Starts Sellscribe: production serves the built bundle; development runs Vite in middleware mode.
// Plain JavaScript so Node runs it as is; everything else is bundled from TypeScript.
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// The heap policy (docs/decisions/021-lean-server-memory.md). On a machine with gigabytes of memory V8
// lets its young generation grow to 64 MB per semi-space (128 MB committed, and kept); a server answering
// pages and streaming text needs a few MB. It also lets the old generation grow to up to four times what
// survived the last full collection before collecting again: after a burst of pages most of that growth
// is garbage, held until V8's memory reducer runs seconds later. --heap-growing-percent=50 collects once
// it has grown by half (on this heap a collection takes a few ms, mostly off the main thread).
// These flags can only be given when the process starts, so when they are missing the launcher replaces
// itself (same pid, same stdio) with `node <flags> server/main.js`. glibc's allocator is also held to two
// arenas instead of one per thread. Flags given by the operator (on the command line or in NODE_OPTIONS)
// win: nothing is re-executed then.
const heapFlags = ["--max-semi-space-size=4", "--heap-growing-percent=50"];
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
if (typeof process.execve === "function" && process.platform !== "win32" && !given.some((flag) => /^--max-semi-space-size\b/.test(flag))) {
  process.execve(process.execPath, [process.execPath, ...heapFlags, ...process.execArgv, ...process.argv.slice(1)], { MALLOC_ARENA_MAX: "2", ...process.env });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const development = process.env.NODE_ENV === "development";
const buildDir = process.env.BUILD_DIR ?? "build";

function fail(message) {
  console.error(`Sellscribe could not start: ${message}`);
  process.exit(1);
}

let mod;
let vite;
try {
  if (development) {
    const { createServer: createVite } = await import("vite");
    vite = await createVite({ root, server: { middlewareMode: true }, appType: "custom" });
    // The SSR environment's runner, so the app and React Router's virtual build share one module graph.
    mod = await vite.environments.ssr.runner.import("./server/app.ts");
  } else {
    mod = await import(pathToFileURL(path.join(root, buildDir, "server/index.js")).href);
  }
} catch (error) {
  fail(error?.name === "ConfigError" ? error.message : (error?.stack ?? String(error)));
}

try {
  await mod.prepareServices();
} catch (error) {
  fail(error?.message ?? String(error));
}

const app = await mod.createApp({ clientDir: development ? undefined : path.join(root, buildDir, "client"), development });
const handler = vite
  ? (req, res) => vite.middlewares(req, res, () => app(req, res))
  : app;
const server = createServer(handler);
// A request line or headers over Node's limit: 431 with a JSON body instead of Node's bare answer.
server.on("clientError", mod.handleClientError);
const { port, host } = mod.getConfig();

server.on("error", (error) => fail(error.code === "EADDRINUSE" ? `port ${port} is already in use (set PORT to another one)` : error.message));
server.listen(port, host, () => {
  const address = server.address();
  const shownHost = host === "0.0.0.0" || host === "127.0.0.1" ? "localhost" : host;
  console.log(`Sellscribe is running at http://${shownHost}:${address.port} (${development ? "development" : "production"}, pid ${process.pid})`);
});

let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests, then exiting.`);
  // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
  server.closeIdleConnections();
  const force = setTimeout(() => {
    console.error("Requests still open after 10 s: exiting anyway.");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    await mod.closeServices?.();
    await vite?.close();
    process.exit(0);
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
