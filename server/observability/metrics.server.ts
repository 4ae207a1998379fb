// What this server is doing, in Prometheus' terms (GET /metrics, docs/decisions/024). One registry per
// process: with several servers each exposes its own and Prometheus sums them. Features record through
// the functions below; labels are bounded sets (route patterns, template and provider ids, outcomes).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const metricsRegistry = new Registry();

const prefix = "sellscribe_";
const registers = [metricsRegistry];

// Seconds: a page in tens of milliseconds, a streamed generation in tens of seconds.
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const firstTokenBuckets = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
const generationBuckets = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

const httpRequests = new Counter({ name: `${prefix}http_requests_total`, help: "HTTP requests answered, by method, route pattern and status", labelNames: ["method", "route", "status"] as const, registers });
const httpDuration = new Histogram({ name: `${prefix}http_request_duration_seconds`, help: "Time to answer an HTTP request (to the last byte of a streamed answer)", labelNames: ["method", "route", "status"] as const, buckets: requestBuckets, registers });

const generations = new Counter({ name: `${prefix}generations_total`, help: "Template generations finished, by provider, model, template and outcome (succeeded or the failure code)", labelNames: ["provider", "model", "template", "outcome"] as const, registers });
const listingGenerations = new Counter({ name: `${prefix}listing_generations_total`, help: "Listing generations finished, by provider, model, marketplace and outcome (succeeded or the failure code)", labelNames: ["provider", "model", "marketplace", "outcome"] as const, registers });
const generationDuration = new Histogram({ name: `${prefix}generation_duration_seconds`, help: "Time from a generation's start to its save or failure", labelNames: ["kind", "outcome"] as const, buckets: generationBuckets, registers });

const providerCalls = new Counter({ name: `${prefix}provider_calls_total`, help: "Calls to the AI provider (retries and top-ups each count), by outcome (ok or the failure code)", labelNames: ["provider", "model", "outcome"] as const, registers });
const providerFirstToken = new Histogram({ name: `${prefix}provider_first_token_seconds`, help: "Time from a provider call to its first text", labelNames: ["provider", "model"] as const, buckets: firstTokenBuckets, registers });
const providerTokens = new Counter({ name: `${prefix}provider_tokens_total`, help: "Tokens the provider reported, by direction (input or output)", labelNames: ["provider", "model", "direction"] as const, registers });

const wordsCharged = new Counter({ name: `${prefix}words_charged_total`, help: "Words charged to workspaces' credits, by template (listing for listings)", labelNames: ["template"] as const, registers });
const rateLimitRefusals = new Counter({ name: `${prefix}rate_limit_refusals_total`, help: "Attempts refused by a rate limit, by limit name", labelNames: ["limit"] as const, registers });
const jobRows = new Counter({ name: `${prefix}job_rows_total`, help: "Bulk-job rows this server finished, by outcome (done or failed)", labelNames: ["outcome"] as const, registers });

type Source<T> = (() => Promise<T> | T) | undefined;
let jobQueueSource: Source<{ queued: number; running: number }>;
let dbPoolSource: (() => DbPoolStats) | undefined;

new Gauge({
  name: `${prefix}job_queue_depth`,
  help: "Bulk-job rows waiting (queued) and being written (running), across every server on this database",
  labelNames: ["state"] as const,
  registers,
  async collect() {
    this.reset();
    if (!jobQueueSource) return;
    try {
      const depth = await jobQueueSource();
      this.set({ state: "queued" }, depth.queued);
      this.set({ state: "running" }, depth.running);
    } catch {
      // A database that does not answer shows as a missing series (and /readyz says so), not a failed scrape.
    }
  },
});

export interface DbPoolStats {
  /** Connections open (SQLite: its one file handle). */
  total: number;
  /** Open connections nobody is using. */
  idle: number;
  /** Queries or transactions waiting for a connection. */
  waiting: number;
  /** The most the pool opens. */
  max: number;
}

new Gauge({
  name: `${prefix}db_pool_connections`,
  help: "Database connections: total open, idle, in use, and the pool's maximum (SQLite reports its one connection)",
  labelNames: ["state"] as const,
  registers,
  collect() {
    this.reset();
    const stats = dbPoolSource?.();
    if (!stats) return;
    this.set({ state: "total" }, stats.total);
    this.set({ state: "idle" }, stats.idle);
    this.set({ state: "in_use" }, Math.max(0, stats.total - stats.idle));
    this.set({ state: "max" }, stats.max);
  },
});

new Gauge({
  name: `${prefix}db_pool_waiting`,
  help: "Queries or transactions waiting for a database connection",
  registers,
  collect() {
    this.set(dbPoolSource?.().waiting ?? 0);
  },
});

let processMetrics = false;

/** The process's own figures (memory, CPU, event-loop lag, GC, handles): once, when the HTTP server starts. */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** Everything in Prometheus' text format, with its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

export function recordHttpRequest({ method, route, status, seconds }: { method: string; route: string; status: number; seconds: number }): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** "succeeded", or the failure's code (timeout, rate_limited, cancelled…). */
export type GenerationOutcomeLabel = string;

export function recordGeneration({ provider, model, template, outcome, seconds }: { provider: string; model: string; template: string; outcome: GenerationOutcomeLabel; seconds: number }): void {
  generations.inc({ provider, model, template, outcome });
  generationDuration.observe({ kind: "template", outcome }, seconds);
}

export function recordListingGeneration({ provider, model, marketplace, outcome, seconds }: { provider: string; model: string; marketplace: string; outcome: GenerationOutcomeLabel; seconds: number }): void {
  listingGenerations.inc({ provider, model, marketplace, outcome });
  generationDuration.observe({ kind: "listing", outcome }, seconds);
}

/** One provider call: its outcome, when its first text came (if it did) and the tokens it reported. */
export function recordProviderCall({ provider, model, outcome, firstTokenSeconds, inputTokens, outputTokens }: { provider: string; model: string; outcome: string; firstTokenSeconds?: number; inputTokens?: number; outputTokens?: number }): void {
  providerCalls.inc({ provider, model, outcome });
  if (firstTokenSeconds !== undefined) providerFirstToken.observe({ provider, model }, firstTokenSeconds);
  if (inputTokens) providerTokens.inc({ provider, model, direction: "input" }, inputTokens);
  if (outputTokens) providerTokens.inc({ provider, model, direction: "output" }, outputTokens);
}

export function recordWordsCharged({ template, words }: { template: string; words: number }): void {
  if (words > 0) wordsCharged.inc({ template }, words);
}

/** A rate-limit key is "<limit name>:<who>": only the name becomes a label (never an address or an id). */
export function recordRateLimitRefusal(key: string): void {
  const name = key.split(":", 1)[0]!;
  rateLimitRefusals.inc({ limit: /^[A-Za-z][\w-]{0,39}$/.test(name) ? name : "other" });
}

export function recordJobRow(outcome: "done" | "failed"): void {
  jobRows.inc({ outcome });
}

/** Where the job queue's depth is read at each scrape (the job runner sets it when it starts). */
export function observeJobQueue(source: Source<{ queued: number; running: number }>): void {
  jobQueueSource = source;
}

/** Where the database pool's figures are read at each scrape (the database module sets it). */
export function observeDbPool(source: (() => DbPoolStats) | undefined): void {
  dbPoolSource = source;
}
