// Streaming generations against the AI stub (a token every 20 ms), through the built server over HTTP:
//  (a) latency added by Sellscribe: from the stub writing its first word token to the first text event
//      reaching an HTTP client reading the SSE stream (both timestamps on this process's clock);
//  (b) 20 concurrent streaming generations on a server that has not written yet, and 50 after the latency
//      runs: errors and the server's memory growth (VmRSS, the peak during the run over the figure
//      before it; decision 021).
import { performance } from "node:perf_hooks";
import { readGenerationStream, type GenerationEvent } from "#app/features/generate/generation-events.ts";
import { readListingStream } from "#app/features/listings/listing-events.ts";
import { startAiStub } from "#tests/support/ai-stub-server.ts";
import { startServer, type ServerProcess } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";
import { rssMb, visitEveryPage } from "./memory.ts";

export interface GenerationFigures {
  firstTextMs: number[];
  /** Listings: from the stub's first word of a section to that section's first text at the client. */
  listingFirstTextMs: number[];
  concurrent: ConcurrentFigures[];
}

export interface ConcurrentFigures {
  count: number;
  errors: number;
  errorSamples: string[];
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  seconds: number;
}

const targets = { firstTextMs: 50, listingFirstTextMs: 2, errors: 0 };
const latencyRuns = 15;
/** Concurrent streams per run, with the most the server's memory may grow during it (issue 20: +25 MB for 20). */
const concurrentRuns = [
  { count: 20, rssGrowthMb: 25 },
  { count: 50, rssGrowthMb: 60 },
];
const growthTarget = (count: number) => concurrentRuns.find((run) => run.count === count)?.rssGrowthMb ?? Infinity;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function signUp(server: ServerProcess, label: string): Promise<string> {
  const { cookie } = await signInOn(server, { firstName: "Bench", lastName: label, email: `bench-${label}-${Date.now()}@example.com`, password: "bench-password-2026" });
  return cookie;
}

function generate(server: ServerProcess, cookie: string, onEvent: (event: GenerationEvent) => void = () => undefined) {
  return fetch(`${server.url}/api/generations`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify({
      templateId: "description",
      inputs: { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives, deep juice grooves, three sizes", toneOfVoice: "Professional", numberOutputs: "3" },
    }),
  }).then(async (response) => {
    if (response.status !== 200) return `HTTP ${response.status}: ${(await response.text()).slice(0, 120)}`;
    const last = await readGenerationStream(response, onEvent);
    return last?.type === "done" ? null : last?.type === "error" ? `error event: ${last.code}` : "stream ended early";
  });
}

export async function runGenerationBench(): Promise<GenerationFigures> {
  const stub = await startAiStub({ port: 0, tokenDelayMs: 20 });
  // A trial big enough for every run: the benchmark measures streaming, not the credit limit.
  const server = await startServer({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: stub.baseUrl, AI_API_KEY: "sk-bench-not-a-key", TRIAL_WORDS: "100000000" });
  try {
    // Generations are limited to 30 a minute per user: one user for latency, two for each concurrent run.
    const latencyUser = await signUp(server, "latency");
    const concurrentUsers = [];
    for (const { count } of concurrentRuns) concurrentUsers.push([await signUp(server, `${count}a`), await signUp(server, `${count}b`)]);
    // The first run starts from the idle server (as issue 20 measured: one GET of each page, then 20
    // streams), so its growth includes what the first generation loads (the AI SDK, decision 021).
    await visitEveryPage(server);
    const concurrent: ConcurrentFigures[] = [await runConcurrent(server, concurrentRuns[0]!.count, concurrentUsers[0]!)];

    const firstTextMs: number[] = [];
    for (let run = 0; run < latencyRuns; run++) {
      let firstText: number | undefined;
      const error = await generate(server, latencyUser, (event) => {
        if (event.type === "delta" && firstText === undefined) firstText = performance.now();
      });
      if (error) throw new Error(`latency run failed: ${error}`);
      const firstWordAt = stub.requests.at(-1)?.firstWordAt;
      // The first runs warm up the server (JIT, connections); they are not counted.
      if (run >= 3 && firstText !== undefined && firstWordAt !== undefined) firstTextMs.push(firstText - firstWordAt);
    }

    // Listings: every section streams at once; the first section text to reach the client is timed
    // against the first word the stub wrote for that section.
    const listingUser = await signUp(server, "listing");
    const headers = { "content-type": "application/json", origin: server.url, cookie: listingUser };
    const listingFirstTextMs: number[] = [];
    for (let run = 0; run < latencyRuns; run++) {
      const created = await fetch(`${server.url}/api/listings`, { method: "POST", headers, body: JSON.stringify({ facts: { brand: "Acme", productName: "Bamboo Cutting Board Set", keyFeatures: "3 sizes\nDeep juice groove" } }) });
      if (created.status !== 201) throw new Error(`listing run failed: HTTP ${created.status}`);
      const { listing } = (await created.json()) as { listing: { id: string } };
      const since = stub.requests.length;
      let first: { section: string; at: number } | undefined;
      const response = await fetch(`${server.url}/api/listings/${listing.id}/generate`, { method: "POST", headers, body: "{}" });
      const last = await readListingStream(response, (event) => {
        if (event.type === "delta" && first === undefined) first = { section: event.section, at: performance.now() };
      });
      if (last?.type !== "done") throw new Error(`listing run failed: ${last?.type === "error" ? last.code : "stream ended early"}`);
      const request = stub.requests.slice(since).find((candidate) => JSON.stringify(candidate.body).includes(`Section: ${first?.section}`));
      if (run >= 3 && first && request?.firstWordAt !== undefined) listingFirstTextMs.push(first.at - request.firstWordAt);
    }

    // The later runs, after the latency runs have warmed the server up.
    for (const [i, { count }] of concurrentRuns.entries()) if (i > 0) concurrent.push(await runConcurrent(server, count, concurrentUsers[i]!));
    return { firstTextMs, listingFirstTextMs, concurrent };
  } finally {
    await server.stop();
    await stub.close();
  }
}

/** `count` generations at once (shared among `users`), with the server's VmRSS sampled every 50 ms. */
export async function runConcurrent(server: ServerProcess, count: number, users: string[]): Promise<ConcurrentFigures> {
  const pid = server.child.pid!;
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 50);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: count }, (_, i) => generate(server, users[i % users.length]!).catch((e: unknown) => String(e))));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  const rssAfterMb = rssMb(pid);
  const errors = results.filter((r): r is string => r !== null);
  return { count, errors: errors.length, errorSamples: [...new Set(errors)].slice(0, 3), rssBeforeMb, rssPeakMb, rssAfterMb, seconds };
}

export function printGeneration({ firstTextMs, listingFirstTextMs, concurrent }: GenerationFigures): void {
  const mark = (ok: boolean) => (ok ? " " : "!");
  const firstText = median(firstTextMs);
  console.log("\nStreaming generations (stub provider: a token every 20 ms)");
  console.log(
    `first token -> first text at the client: median ${firstText.toFixed(1)} ms${mark(firstText <= targets.firstTextMs)} ` +
      `(min ${Math.min(...firstTextMs).toFixed(1)}, max ${Math.max(...firstTextMs).toFixed(1)}, ${firstTextMs.length} runs; target <= ${targets.firstTextMs} ms)`,
  );
  const listingFirst = median(listingFirstTextMs);
  console.log(
    `listing: first token of a section -> its first text at the client: median ${listingFirst.toFixed(1)} ms${mark(listingFirst <= targets.listingFirstTextMs)} ` +
      `(min ${Math.min(...listingFirstTextMs).toFixed(1)}, max ${Math.max(...listingFirstTextMs).toFixed(1)}, ${listingFirstTextMs.length} runs; target <= ${targets.listingFirstTextMs} ms added)`,
  );
  for (const run of concurrent) {
    const growth = run.rssPeakMb - run.rssBeforeMb;
    console.log(
      `${run.count} concurrent generations (3 outputs each) in ${run.seconds.toFixed(1)} s: errors ${run.errors}${mark(run.errors === targets.errors)} (target ${targets.errors}); ` +
        `server memory ${run.rssBeforeMb.toFixed(0)} MB -> peak ${run.rssPeakMb.toFixed(0)} MB (+${growth.toFixed(0)} MB${mark(growth <= growthTarget(run.count))}; target <= +${growthTarget(run.count)} MB), ${run.rssAfterMb.toFixed(0)} MB after`,
    );
    for (const sample of run.errorSamples) console.log(`  error: ${sample}`);
  }
  console.log("('!' marks a miss)");
}
