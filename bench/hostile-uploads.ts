// Hostile uploads against the built server (issue 30): each file of tests/support/hostile-catalogs.ts (workbooks
// that spell cell references every way XML allows, ZIP bombs listed, lying and hidden, 10 MB of line feeds, a
// 200,000-column header) is posted to POST /api/jobs/preview while GET /healthz is asked every 20 ms: the
// longest /healthz wait is what any other user would have waited. Runs on the server the bench already started.
import { hostileUploads, type HostileUpload } from "#tests/support/hostile-catalogs.ts";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";

export const hostileUploadTargets = { healthzWaitMs: 1000 };

export interface HostileUploadFigure {
  name: string;
  fileName: string;
  kilobytes: number;
  status: number;
  code: string | null;
  answerMs: number;
  worstHealthzMs: number;
}

/**
 * Polls GET /healthz every 20 ms until stopped: the longest a request waited for its answer, or still waits.
 * A request that fails (a kept-alive socket the server closed while it was blocked) is asked again, its wait
 * counted from the first try; if the server is gone, the wait runs until stop.
 */
function pollHealthz(url: string): { stop: () => Promise<number> } {
  let stopped = false;
  let worst = 0;
  let pending: number | null = null;
  const loop = (async () => {
    while (!stopped) {
      pending ??= performance.now();
      try {
        await (await fetch(`${url}/healthz`)).arrayBuffer();
        worst = Math.max(worst, performance.now() - pending);
        pending = null;
      } catch {
        // Asked again below; the wait goes on.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      const waited = pending === null ? 0 : performance.now() - pending;
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 5000))]);
      return Math.max(worst, waited);
    },
  };
}

/** One upload posted to the preview while /healthz is polled. */
export async function measureHostileUpload(url: string, cookie: string, upload: HostileUpload): Promise<HostileUploadFigure> {
  const form = new FormData();
  form.set("file", new Blob([upload.bytes]), upload.fileName);
  const healthz = pollHealthz(url);
  const started = performance.now();
  let status = 0;
  let code: string | null = "no answer: the server went away";
  try {
    const response = await fetch(`${url}/api/jobs/preview`, { method: "POST", headers: { Origin: url, Cookie: cookie }, body: form });
    status = response.status;
    code = ((await response.json().catch(() => null)) as { code?: string } | null)?.code ?? null;
  } catch {
    // The server died of it (the heap ran out): status 0.
  }
  const answerMs = performance.now() - started;
  return { name: upload.name, fileName: upload.fileName, kilobytes: upload.bytes.length / 1024, status, code, answerMs, worstHealthzMs: await healthz.stop() };
}

/** A signed-in user's cookie on a server this process started. */
export async function hostileUploadCookie(server: Pick<ServerProcess, "url" | "dataDir">): Promise<string> {
  return (await signInOn(server, { firstName: "Bench", lastName: "Uploads", email: `bench-uploads-${Date.now()}@example.com`, password: "bench-password-2026" })).cookie;
}

export async function runHostileUploadBench(server: Pick<ServerProcess, "url" | "dataDir">): Promise<HostileUploadFigure[]> {
  const cookie = await hostileUploadCookie(server);
  const figures: HostileUploadFigure[] = [];
  for (const upload of hostileUploads()) figures.push(await measureHostileUpload(server.url, cookie, upload));
  return figures;
}

export function printHostileUploads(figures: HostileUploadFigure[]): void {
  const mark = (ok: boolean) => (ok ? " " : "!");
  const worst = Math.max(...figures.map((figure) => figure.worstHealthzMs));
  console.log("\nHostile uploads (POST /api/jobs/preview on the built server; GET /healthz every 20 ms meanwhile)");
  for (const figure of figures) {
    console.log(
      `${figure.fileName} (${figure.kilobytes.toFixed(0)} KB): HTTP ${figure.status}${mark(figure.status > 0 && figure.status < 500)}${figure.code ? ` ${figure.code}` : ""} in ${figure.answerMs.toFixed(0)} ms; ` +
        `worst /healthz wait ${figure.worstHealthzMs.toFixed(0)} ms${mark(figure.worstHealthzMs <= hostileUploadTargets.healthzWaitMs)} (target <= ${hostileUploadTargets.healthzWaitMs} ms)`,
    );
  }
  console.log(`worst /healthz wait over the hostile-file set ${worst.toFixed(0)} ms${mark(worst <= hostileUploadTargets.healthzWaitMs)} (target <= ${hostileUploadTargets.healthzWaitMs} ms)`);
}
