// The bulk-job worker: takes rows from the queue (server/queue) and writes each into its listing, exactly
// once. A row is claimed (conditionally, so one worker holds it), its words are reserved, the listing is
// written by the same code as the builder's "Write", and the row is marked done in the transaction that
// saves the listing and charges the words. A server that dies mid-row loses nothing: its row's heartbeat
// stops, another worker (or this one after a restart) takes it over, gives the dead attempt's words back
// and writes it again; the dead attempt could never have saved, because saving needs the claim.
import { randomUUID } from "node:crypto";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { observeJobQueue, recordJobRow } from "#server/observability/metrics.server.ts";
import { withSpan } from "#server/observability/tracing.server.ts";
import { createWorkQueue, type WorkQueue } from "#server/queue/work-queue.server.ts";
import type { Writer } from "#server/ai/writer-types.server.ts";
import { closeAbandonedGeneration, estimateGenerationWords, reserveGenerationCredits, type CreditRefusal, type GenerationCredits } from "#app/features/generate/generation-credits.server.ts";
import { getWorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { GenerationError } from "#server/ai/errors.server.ts";
import { keywordCoverage } from "#app/features/keywords/coverage.ts";
import { reservedOutputs, runListingGeneration } from "#app/features/listings/listing-generation.server.ts";
import { planListingFix, type ListingFixPlan } from "#app/features/listings/listing-fix.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { createListing, getListing, type ListingView } from "#app/features/listings/listings.server.ts";
import { getMarketplace, ruleSetFor } from "#app/features/marketplaces/registry.ts";
import { translate } from "#app/i18n/i18n.ts";
import { generationErrors } from "#app/lib/errors.ts";
import {
  beatRow,
  claimRow,
  completeJobIfDone,
  countActiveRows,
  jobsPausedForWords,
  markRowDone,
  markRowFailed,
  orphanRunningRows,
  pauseForWords,
  queuedRows,
  releaseRow,
  rowsToResend,
  tiersOf,
  type ClaimedRow,
  type RowMessage,
  type RowToSend,
} from "./jobs.server.ts";
import { defaultRowConcurrency, planRowConcurrency, rowInputSchema, type JobOptions } from "./types.ts";

export const rowQueueName = "listing-rows";

export interface JobRunner {
  /** Hands rows to the queue (a new job, a resume, a retry). */
  enqueue(rows: readonly RowToSend[], delaySeconds?: number): Promise<void>;
  /** Takes a paused or cancelled job's waiting rows out of the queue, in one statement (resume sends them again). */
  withdraw(jobId: string): Promise<number>;
  /** Words one row of these options reserves. */
  rowWords(options: JobOptions): number;
  /** Sends again rows whose worker went silent, and resumes jobs paused for words that have words again. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A provider's 429 after the writer's own retries: the row tries again this many times, waiting longer each time. */
const rateLimitRetries = 4;


export async function startJobRunner({ db, config, workerId = randomUUID(), writer, sweepEveryMs = 15_000, work = true }: { db: Db; config: AppConfig; workerId?: string; writer?: Writer; sweepEveryMs?: number; work?: boolean }): Promise<JobRunner> {
  const heartbeatMs = config.jobs.heartbeatSeconds * 1000;
  const queue: WorkQueue<RowMessage> = await createWorkQueue<RowMessage>({
    db,
    config,
    options: {
      name: rowQueueName,
      localConcurrency: config.jobs.concurrency,
      groupConcurrency: { default: defaultRowConcurrency, tiers: planRowConcurrency },
      // Our handler records a row's own failures; a throw is something unexpected (the database gone).
      retryLimit: 5,
      retryDelaySeconds: 2,
      heartbeatSeconds: config.jobs.heartbeatSeconds,
    },
  });
  const rowWords = (options: JobOptions) => estimateGenerationWords(reservedOutputs(options.sections), config.ai.maxTokensPerOutput);
  const stopping = new AbortController();

  async function enqueue(rows: readonly RowToSend[], delaySeconds?: number): Promise<void> {
    if (rows.length === 0) return;
    const tiers = await tiersOf(db, rows.map((row) => row.workspaceId));
    await queue.send(rows.map((row) => ({ data: { rowId: row.rowId }, group: { id: row.workspaceId, tier: tiers.get(row.workspaceId) ?? "none" }, key: row.jobId, delaySeconds })));
  }

  async function withdraw(jobId: string): Promise<number> {
    const removed = await queue.removeWaiting(jobId);
    // A resume that came in meanwhile may have sent rows this took out: they go back (a row sent twice is claimed once).
    const job = await db.selectFrom("job").select("status").where("id", "=", jobId).executeTakeFirst();
    if (job?.status === "running") await enqueue(await queuedRows(db, jobId));
    return removed;
  }

  async function ensureListing(claimed: ClaimedRow, input: ReturnType<typeof rowInputSchema.parse>, userId: string): Promise<ListingView | string> {
    const existing = await getListing({ db, workspaceId: claimed.workspaceId, id: claimed.listingId });
    if (existing) return existing;
    const marketplace = getMarketplace(input.marketplace);
    if (!marketplace) return `Unknown marketplace “${input.marketplace}”.`;
    try {
      return await createListing({ db, workspaceId: claimed.workspaceId, userId, id: claimed.listingId, marketplace: marketplace.id, ruleSetId: ruleSetFor(marketplace, claimed.options.ruleSetId), facts: input.facts, keywords: input.keywords.map((keyword) => ({ phrase: keyword.phrase, volume: keyword.volume ?? null })) });
    } catch (error) {
      // Made by an attempt that died just after: the same listing.
      const made = await getListing({ db, workspaceId: claimed.workspaceId, id: claimed.listingId });
      if (made) return made;
      throw error;
    }
  }

  /** A fix row's listing and what fails in it now (issue 33 item 6); a string says why it cannot be fixed. */
  async function planFix(claimed: ClaimedRow): Promise<{ listing: ListingView; plan: ListingFixPlan } | string> {
    const listing = await getListing({ db, workspaceId: claimed.workspaceId, id: claimed.listingId });
    if (!listing) return "The listing is gone.";
    const ruleSet = getRuleSet(listing.ruleSetId);
    const store = getMarketplace(listing.marketplace);
    if (!ruleSet || !store) return `Unknown marketplace “${listing.marketplace}”.`;
    const { otherBrands } = await getListingSettings({ db, workspaceId: claimed.workspaceId });
    return { listing, plan: planListingFix({ ruleSet, language: listing.language.language, brand: listing.facts.brand, otherBrands, store, copy: listing.copy }) };
  }

  async function processRow({ rowId }: RowMessage): Promise<void> {
    const claimed = await claimRow({ db, rowId, workerId, staleBefore: new Date(Date.now() - heartbeatMs) });
    if (claimed === "busy") {
      // The workspace writes as many rows as its plan allows: this one comes back in a moment.
      const row = await db.selectFrom("job_row").select(["id", "workspaceId", "jobId"]).where("id", "=", rowId).executeTakeFirst();
      if (row) await enqueue([{ rowId: row.id, workspaceId: row.workspaceId, jobId: row.jobId }], 1);
      return;
    }
    if (!claimed) return;
    const log = logger.child({ jobId: claimed.jobId, rowId, attempt: claimed.attempt, workerId });
    if (claimed.abandonedGenerationId) {
      await closeAbandonedGeneration({ db, generationId: claimed.abandonedGenerationId });
      log.warn({ generationId: claimed.abandonedGenerationId }, "took over a row whose server went silent; its words were given back");
    }
    const lost = new AbortController();
    const beat = setInterval(() => {
      void beatRow(db, claimed).then(
        (ours) => ours || lost.abort(new Error("claim lost")),
        (error: unknown) => log.warn({ err: error }, "row heartbeat failed"),
      );
    }, Math.max(500, heartbeatMs / 3));
    try {
      if (!claimed.createdBy) return void (await markRowFailed(db, claimed, "The account that started this job is gone."));
      // A fix job's row rewrites the failing sections of a listing that exists; a catalog row writes its own listing.
      let listing: ListingView | string;
      let fix: ListingFixPlan | undefined;
      if (claimed.options.fix) {
        const planned = await planFix(claimed);
        if (typeof planned === "string") return void (await markRowFailed(db, claimed, planned));
        ({ listing, plan: fix } = planned);
        if (fix.sections.length === 0) return void (await db.transaction().execute((trx) => markRowDone(trx, claimed, { words: 0, passed: true, coverage: null })));
      } else {
        const parsed = rowInputSchema.safeParse(JSON.parse(claimed.input));
        if (!parsed.success) return void (await markRowFailed(db, claimed, "The row's product facts are not valid (brand and product name are required)."));
        listing = await ensureListing(claimed, parsed.data, claimed.createdBy);
      }
      if (typeof listing === "string") return void (await markRowFailed(db, claimed, listing));
      for (let tries = 0; ; tries++) {
        const outputs = reservedOutputs(fix ? fix.sections : claimed.options.sections);
        // Not enough words for a row: it goes back untouched, and the job waits for a top-up or a plan change.
        const outOfWords = async (refusal: { needed: number; available: number }) => {
          await releaseRow(db, claimed);
          await pauseForWords(db, claimed.jobId);
          // Its other rows wait outside the queue until the words are there (the sweep sends them again).
          await withdraw(claimed.jobId);
          log.info({ needed: refusal.needed, available: refusal.available }, "job paused: words ran out");
        };
        const { balance } = await getWorkspaceBilling({ db, workspaceId: claimed.workspaceId, trialWords: config.billing.trialWords });
        if (balance.available < rowWords(claimed.options)) return void (await outOfWords({ needed: rowWords(claimed.options), available: balance.available }));
        // The words are reserved once the generation row exists, linked to it as they are written, and
        // only after the row names that generation: whatever moment a server dies at, the worker that
        // takes the row over finds the generation and gives its words back (closeAbandonedGeneration).
        let credits: GenerationCredits | undefined;
        let refused: CreditRefusal | undefined;
        const outcome = await runListingGeneration({
          db,
          config,
          user: { id: claimed.createdBy },
          workspaceId: claimed.workspaceId,
          listing,
          sections: fix ? fix.sections : claimed.options.sections,
          fix,
          signal: AbortSignal.any([lost.signal, stopping.signal]),
          requestId: `job-${claimed.jobId}-row-${rowId}`,
          locale: "en",
          emit: () => undefined,
          writer,
          hooks: {
            async reserve(generation) {
              await beatRow(db, claimed, generation.generationId);
              const reservation = await reserveGenerationCredits({ db, config, workspaceId: claimed.workspaceId, outputs, generationId: generation.generationId });
              if (!reservation.ok) {
                // Another row took the last words since the check above: this generation never runs.
                refused = reservation;
                throw new GenerationError("cancelled", "not enough words left for this row");
              }
              credits = reservation.credits;
            },
            // Only reached after a save, so after reserve() above took the words.
            settle: (trx, generation, result) => {
              if (!credits?.hooks.settle) throw new Error("a row's generation was saved without its words reserved");
              return credits.hooks.settle(trx, generation, result);
            },
            release: async (generation, failure) => credits?.hooks.release?.(generation, failure),
            settled: (generation, result) => credits?.hooks.settled?.(generation, result),
          },
          async onSaved(trx, saved) {
            const coverage = saved.listing.keywords.length > 0 ? keywordCoverage({ sections: saved.listing.copy, keywords: saved.listing.keywords, language: saved.listing.language.language }).score : null;
            await markRowDone(trx, claimed, { words: saved.words, passed: saved.passed, coverage });
          },
        });
        if (refused) return void (await outOfWords(refused));
        if (outcome.status === "succeeded") {
          recordJobRow("done");
          log.info({ version: outcome.version, passed: outcome.passed }, "row written");
          break;
        }
        if (lost.signal.aborted) return log.warn("row taken over by another worker; this attempt stopped");
        if (stopping.signal.aborted) {
          // This server is stopping: the row goes back (nothing was saved or charged), and the queue keeps
          // its message for the next server, or this one after its restart.
          await releaseRow(db, claimed);
          throw new Error("server stopping: the row goes back to the queue");
        }
        if (outcome.code === "rate_limited" && tries < rateLimitRetries) {
          const wait = Math.min(60_000, 5_000 * 2 ** tries);
          log.warn({ waitMs: wait }, "provider rate limit: the row waits and tries again");
          await sleep(wait, stopping.signal);
          continue;
        }
        await markRowFailed(db, claimed, translate("en", generationErrors[outcome.code].messageKey));
        break;
      }
    } finally {
      clearInterval(beat);
      await completeJobIfDone(db, claimed.jobId);
    }
  }

  async function sweep(): Promise<void> {
    const stale = await rowsToResend({ db, staleBefore: new Date(Date.now() - 2 * heartbeatMs) });
    if (stale.length > 0) {
      logger.warn({ rows: stale.length }, "rows without a live worker were sent again");
      await enqueue(stale);
    }
    for (const job of await jobsPausedForWords(db)) {
      const billing = await getWorkspaceBilling({ db, workspaceId: job.workspaceId, trialWords: config.billing.trialWords });
      if (billing.balance.available < rowWords(job.options)) continue;
      const { numUpdatedRows } = await db.updateTable("job").set({ status: "running", pauseReason: null, updatedAt: new Date().toISOString() }).where("id", "=", job.id).where("status", "=", "paused").where("pauseReason", "=", "words").executeTakeFirst();
      if (numUpdatedRows === 0n) continue;
      const rows = await queuedRows(db, job.id);
      logger.info({ jobId: job.id, rows: rows.length }, "job resumed: words are there again");
      await enqueue(rows);
    }
  }

  if (config.database.kind === "sqlite") {
    // One server per SQLite file: rows it was writing when it died are taken over now, not after a heartbeat.
    const orphaned = await orphanRunningRows(db);
    if (orphaned > 0) logger.warn({ rows: orphaned }, "rows a stopped server was writing will be written again");
  }
  // Each row is a trace of its own: its provider calls and transactions are the row span's children.
  if (work) await queue.work((message) => withSpan("job.row", { attributes: { "sellscribe.job_row_id": message.rowId } }, () => processRow(message)));
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    sweeping ??= sweep()
      .catch((error: unknown) => logger.error({ err: error }, "job sweep failed"))
      .finally(() => (sweeping = undefined));
  }, sweepEveryMs);
  timer.unref();

  return {
    enqueue,
    withdraw,
    rowWords,
    sweep,
    async stop() {
      clearInterval(timer);
      stopping.abort(new Error("server stopping"));
      await sweeping;
      await queue.stop();
    },
  };
}

let current: JobRunner | undefined;

/** The server's runner (server/app.ts starts it); the API hands new rows to it. */
export function getJobRunner(): JobRunner {
  if (!current) throw new Error("the job runner has not started");
  return current;
}

export async function startServerJobRunner({ db, config }: { db: Db; config: AppConfig }): Promise<JobRunner> {
  current ??= await startJobRunner({ db, config });
  observeJobQueue(() => countActiveRows(db));
  return current;
}

export async function stopServerJobRunner(): Promise<void> {
  const runner = current;
  current = undefined;
  await runner?.stop();
}
