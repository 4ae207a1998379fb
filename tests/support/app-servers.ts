// Several app servers on one database, as in production behind a load balancer: each is the built
// server (node server/main.js) in its own process, on a free port of 127.0.0.1, with its own data
// folder, and all share the database and the session secret. For tests of what holds across servers
// (sessions, rate limits, housekeeping, bulk jobs) and of a server dying mid-work (kill, then restart).
// Builds nothing: scripts/test.sh builds before Playwright, which runs these tests.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getFreePort } from "./free-port.ts";

export interface StartAppServersOptions {
  /** How many servers. */
  count: number;
  /** The database every server uses (postgres://… for several servers; see createPostgresDatabase). */
  databaseUrl: string;
  /**
   * Environment for every server, over the defaults (production, LOG_LEVEL=warn, a shared
   * SESSION_SECRET, PUBLIC_URL = the server's own address…). HOST, PORT, DATA_DIR and DATABASE_URL are
   * the helper's.
   */
  env?: Record<string, string>;
  /** Longest wait for a server's /healthz (start-up includes migrations). */
  readyTimeoutMs?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppServers {
  /** Each server's address (http://127.0.0.1:port), by index. */
  urls: string[];
  /** Everything server `i` wrote to stdout and stderr, across its restarts (JSON log lines). */
  output(i: number): string;
  /** Server `i`'s current process (its pid, whether it has exited). */
  process(i: number): ChildProcess;
  /** Sends `signal` to server `i` (SIGKILL by default: a crash) and resolves once it has exited. */
  kill(i: number, signal?: NodeJS.Signals): Promise<ExitStatus>;
  /** Starts server `i` again (same port, data folder and environment) once it has exited; resolves when /healthz answers. */
  restart(i: number): Promise<void>;
  /** Stops every server (SIGTERM; SIGKILL after 15 s) and removes their data folders. Safe to call twice. */
  stop(): Promise<void>;
}

interface Slot {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  exited: Promise<ExitStatus>;
  output: string;
}

// Whatever happens to the test run, no server outlives it.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** The built server's entry, relative to the working folder (the repository root) as server/main.js reads it. */
function requireBuild(): void {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(buildDir, "server", "index.js"))) {
    throw new Error(
      `startAppServers runs the built server, and ${buildDir}/server/index.js is missing. Build first: ` +
        "`npx react-router build && touch build/.sellscribe-build` (scripts/test.sh builds before Playwright).",
    );
  }
}

function spawnServer(slot: Omit<Slot, "child" | "exited">): Pick<Slot, "child" | "exited"> {
  const child = spawn(process.execPath, ["server/main.js"], { env: slot.env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const append = (chunk: Buffer) => void ((slot as Slot).output += chunk.toString());
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<ExitStatus>((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited };
}

async function waitUntilHealthy(slot: Slot, index: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (slot.child.exitCode !== null || slot.child.signalCode !== null) {
      throw new Error(`app server ${index} (${slot.url}) exited during start-up:\n${slot.output}`);
    }
    try {
      const response = await fetch(`${slot.url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`app server ${index} (${slot.url}) did not answer /healthz within ${timeoutMs} ms:\n${slot.output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function terminate(slot: Slot, signal: NodeJS.Signals, graceMs: number): Promise<ExitStatus> {
  if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill(signal);
  const timer = setTimeout(() => slot.child.kill("SIGKILL"), graceMs);
  try {
    return await slot.exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts `count` app servers on `databaseUrl` and resolves once every one answers /healthz. On
 * PostgreSQL they start together (migrations take turns under an advisory lock); on SQLite the first
 * migrates alone, then the others start. If one fails to start, all are stopped and the error names it.
 */
export async function startAppServers({ count, databaseUrl, env = {}, readyTimeoutMs = 60_000 }: StartAppServersOptions): Promise<AppServers> {
  requireBuild();
  const sessionSecret = randomBytes(32).toString("hex");
  const slots: Slot[] = [];
  for (let i = 0; i < count; i++) {
    const port = await getFreePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), `sellscribe-server-${i}-`));
    const slotEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      // The build under test (see react-router.config.ts).
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PUBLIC_URL: url,
      SESSION_SECRET: sessionSecret,
      SIGNUP_LIMIT_PER_HOUR: "10000",
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    };
    slots.push({ url, dataDir, env: slotEnv, output: "" } as Slot);
  }

  let stopped = false;
  const servers: AppServers = {
    urls: slots.map((slot) => slot.url),
    output: (i) => slots[i]!.output,
    process: (i) => slots[i]!.child,
    kill: (i, signal = "SIGKILL") => terminate(slots[i]!, signal, 15_000),
    async restart(i) {
      const slot = slots[i]!;
      if (slot.child.exitCode === null && slot.child.signalCode === null) throw new Error(`app server ${i} is still running: kill it first`);
      slot.output += `\n--- restart of app server ${i} ---\n`;
      Object.assign(slot, spawnServer(slot));
      await waitUntilHealthy(slot, i, readyTimeoutMs);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all(slots.filter((slot) => slot.child).map((slot) => terminate(slot, "SIGTERM", 15_000)));
      for (const slot of slots) rmSync(slot.dataDir, { recursive: true, force: true });
    },
  };

  try {
    const start = (i: number) => {
      Object.assign(slots[i]!, spawnServer(slots[i]!));
      return waitUntilHealthy(slots[i]!, i, readyTimeoutMs);
    };
    if (databaseUrl.startsWith("file:")) {
      await start(0);
      await Promise.all(slots.slice(1).map((_, i) => start(i + 1)));
    } else {
      await Promise.all(slots.map((_, i) => start(i)));
    }
  } catch (error) {
    await servers.stop();
    throw error;
  }
  return servers;
}
