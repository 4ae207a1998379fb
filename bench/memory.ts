// The server's resident memory at idle: the built server (SQLite) just started, then after one GET of
// each public and signed-in page, read from /proc/<pid>/status (VmRSS). The growth under concurrent
// streaming generations is measured in bench/generation.ts. Decision 021 gives the figures and levers.
import { readFileSync } from "node:fs";
import { startServer, type ServerProcess } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";

export interface MemoryFigures {
  startedMb: number;
  /** After one GET of each page in `pages` (the signed-in ones with a session cookie). */
  idleMb: number;
  pages: { path: string; status: number }[];
}

export const memoryTargets = { idleMb: 150 };

/** Pages a visitor can open, then pages of a signed-in user (each GET once, in this order). */
export const publicPages = ["/", "/pricing", "/about", "/privacy", "/terms", "/sign-in", "/sign-up", "/forgot-password", "/no-such-page"];
/** The one page above answered with 404 (the not-found page); every other one should answer 200. */
const notFoundPage = "/no-such-page";
export const signedInPages = [
  "/dashboard",
  "/templates",
  "/templates/descriptionGenerator",
  "/history",
  "/favorites",
  "/listings",
  "/listings/new",
  "/jobs",
  "/jobs/new",
  "/settings/workspace",
  "/settings/personal",
  "/settings/billing",
];

/** The resident set of a process, in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** One GET of each public page, then of each signed-in page with a fresh user's session. */
export async function visitEveryPage(server: ServerProcess): Promise<{ path: string; status: number }[]> {
  const { cookie } = await signInOn(server, { firstName: "Bench", lastName: "Memory", email: `bench-memory-${Date.now()}@example.com`, password: "bench-password-2026" });
  const visited: { path: string; status: number }[] = [];
  for (const [path, headers] of [...publicPages.map((p) => [p, {}] as const), ...signedInPages.map((p) => [p, { cookie }] as const)]) {
    const response = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    visited.push({ path, status: response.status });
  }
  return visited;
}

async function settle(): Promise<void> {
  // Start-up and the page requests leave garbage and timers; give the server a moment to go idle.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function runMemoryBench(env: NodeJS.ProcessEnv = {}): Promise<MemoryFigures> {
  const server = await startServer(env);
  try {
    await settle();
    const startedMb = rssMb(server.child.pid!);
    const pages = await visitEveryPage(server);
    await settle();
    return { startedMb, idleMb: rssMb(server.child.pid!), pages };
  } finally {
    await server.stop();
  }
}

export function printMemory({ startedMb, idleMb, pages }: MemoryFigures): void {
  const mark = (ok: boolean) => (ok ? " " : "!");
  // A page that did not render (a redirect to sign-in, an error) makes the figure meaningless: shown with '!'.
  const failed = pages.filter(({ path, status }) => status !== (path === notFoundPage ? 404 : 200));
  console.log("\nServer memory at idle (built server, SQLite; VmRSS)");
  console.log(
    `after start ${startedMb.toFixed(0)} MB; after one GET of each of ${pages.length} pages ${idleMb.toFixed(0)} MB${mark(idleMb <= memoryTargets.idleMb)} (target <= ${memoryTargets.idleMb} MB)`,
  );
  for (const { path, status } of failed) console.log(`  ${path}: HTTP ${status}! (not rendered: the figure above misses this page)`);
  console.log("('!' marks a miss)");
}
