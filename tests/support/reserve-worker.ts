// A separate process that reserves words concurrently (the credits concurrency test runs several):
// on SQLite each process is its own writer, so this checks the locking between processes, not just
// within one connection. Prints a JSON array of booleans (reserved or refused).
//   DATABASE_URL=… WORKSPACE_ID=… COUNT=10 WORDS=100 TRIAL_WORDS=1000 node --disable-warning=ExperimentalWarning tests/support/reserve-worker.ts
import { spawn } from "node:child_process";
import { reserveCredits } from "#app/features/billing/credits.server.ts";
import { createDb } from "#server/db/db.server.ts";
import { isMainModule } from "./standalone.ts";

/** Runs the worker as a child process and resolves with its results. */
export function runReserveWorker({ databaseUrl, workspaceId, count, words, trialWords }: { databaseUrl: string; workspaceId: string; count: number; words: number; trialWords: number }): Promise<boolean[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "tests/support/reserve-worker.ts"], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, WORKSPACE_ID: workspaceId, COUNT: String(count), WORDS: String(words), TRIAL_WORDS: String(trialWords) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as boolean[]) : reject(new Error(`reserve worker exited with ${code}: ${err}`))));
  });
}

if (isMainModule(import.meta.url)) {
  const url = process.env.DATABASE_URL!;
  const db = createDb(url.startsWith("file:") ? { kind: "sqlite", file: url.slice("file:".length) } : { kind: "postgres", url });
  try {
    const results = await Promise.all(
      Array.from({ length: Number(process.env.COUNT) }, () => reserveCredits({ db, workspaceId: process.env.WORKSPACE_ID!, words: Number(process.env.WORDS), trialWords: Number(process.env.TRIAL_WORDS) })),
    );
    console.log(JSON.stringify(results.map((r) => r.ok)));
  } finally {
    await db.destroy();
  }
}
