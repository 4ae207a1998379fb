import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getFreePort } from "./free-port.ts";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** Runs the built server (node server/main.js) on a free port with its own data folder. */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  { waitUntilReady = true, dataDir = mkdtempSync(path.join(tmpdir(), "sellscribe-server-")), port: fixedPort }: { waitUntilReady?: boolean; dataDir?: string; port?: number } = {},
): Promise<ServerProcess> {
  const port = fixedPort ?? (await getFreePort());
  let output = "";
  const child = spawn(process.execPath, ["server/main.js"], {
    env: {
      PATH: process.env.PATH,
      // The build under test (see react-router.config.ts).
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "db.sqlite")}`,
      LOG_LEVEL: "warn",
      SIGNUP_LIMIT_PER_HOUR: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  if (waitUntilReady) {
    const deadline = Date.now() + 30_000;
    while (!output.includes("is running at")) {
      if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
      if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return server;
}
