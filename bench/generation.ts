// Streaming generations against the AI stub (a token every 20 ms), through the built server over HTTP:
//  (a) latency added by Sellscribe: from the stub writing its first word token to the first text event
//      reaching an HTTP client reading the SSE stream (both timestamps on this process's clock);
//  (b) 50 concurrent streaming generations: errors and the server's memory growth (VmRSS).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { readGenerationStream, type GenerationEvent } from "#app/features/generate/generation-events.ts";
import { readListingStream } from "#app/features/listings/listing-events.ts";
import { startAiStub } from "#tests/support/ai-stub-server.ts";
import { startServer, type ServerProcess } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";

export interface GenerationFigures {
  firstTextMs: number[];
  /** Listings: from the stub's first word of a section to that section's first text at the client. */
  listingFirstTextMs: number[];
  concurrent: { count: number; errors: number; errorSamples: string[]; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number; seconds: number };
}

const targets = { firstTextMs: 50, listingFirstTextMs: 2, errors: 0, rssGrowthMb: 150 };
const latencyRuns = 15;
const concurrency = 50;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

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
    // Generations are limited to 30 a minute per user: one user for latency, two for the concurrent run.
    const [latencyUser, userA, userB] = [await signUp(server, "latency"), await signUp(server, "a"), await signUp(server, "b")];

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

    const pid = server.child.pid!;
    const rssBeforeMb = rssMb(pid);
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 50);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: concurrency }, (_, i) => generate(server, i % 2 ? userA : userB).catch((e: unknown) => String(e))));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    const rssAfterMb = rssMb(pid);
    const errors = results.filter((r): r is string => r !== null);
    return { firstTextMs, listingFirstTextMs, concurrent: { count: concurrency, errors: errors.length, errorSamples: [...new Set(errors)].slice(0, 3), rssBeforeMb, rssPeakMb, rssAfterMb, seconds } };
  } finally {
    await server.stop();
    await stub.close();
  }
}

export function printGeneration({ firstTextMs, listingFirstTextMs, concurrent }: GenerationFigures): void {
  const mark = (ok: boolean) => (ok ? " " : "!");
  const firstText = median(firstTextMs);
  const growth = concurrent.rssPeakMb - concurrent.rssBeforeMb;
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
  console.log(
    `${concurrent.count} concurrent generations (3 outputs each) in ${concurrent.seconds.toFixed(1)} s: errors ${concurrent.errors}${mark(concurrent.errors === targets.errors)} (target ${targets.errors}); ` +
      `server memory ${concurrent.rssBeforeMb.toFixed(0)} MB -> peak ${concurrent.rssPeakMb.toFixed(0)} MB (+${growth.toFixed(0)} MB${mark(growth <= targets.rssGrowthMb)}; target <= +${targets.rssGrowthMb} MB), ${concurrent.rssAfterMb.toFixed(0)} MB after`,
  );
  for (const sample of concurrent.errorSamples) console.log(`  error: ${sample}`);
  console.log("('!' marks a miss)");
}
