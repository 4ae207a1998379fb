// The import worker (issue 33 item 3): takes runs from the queue (server/queue) and reads the connection's
// catalog at Amazon's rate (the client waits its turn in the shared bucket). Each page's listings and the
// run's cursor are saved in one transaction that needs the run's claim, so a server that dies mid-run
// loses nothing and imports nothing twice: the run's heartbeat stops and another worker (or this one after
// a restart) carries on from the saved cursor. A page re-read after a crash finds its listings by
// (seller, store, SKU) and adds no version when the live copy did not change.
import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { createWorkQueue, type WorkQueue } from "#server/queue/work-queue.server.ts";
import { AmazonReauthorizationNeeded, createAccessTokens, createSpApiClient, SpApiError, type AccessTokens, type SpApiClient } from "../client.server.ts";
import { getConnectionById, markNeedsReauthorization } from "../connections.server.ts";
import { createSpApiRateLimiter, type SpApiRateLimiter } from "../rate-limiter.server.ts";
import { marketplaceBySpApiId } from "../regions.ts";
import { advanceImportRun, beatImportRun, claimImportRun, finishImportRun, ImportClaimLost, importRunsToResend, pauseImportRun, releaseImportRun, resumeImportRun, runsToResumeAfterReconnect, type ClaimedRun } from "./import-runs.server.ts";
import { mapListingsItem, type ImportedItem } from "./map-item.ts";
import { pageSize, pagingLimit, type ImportCursor } from "./types.ts";
import { writeImportedItems } from "./write-items.server.ts";

export const importQueueName = "amazon-import";

/** Called when a run has read every store: the catalog's audit listens (features depend one way: it registers itself). */
export type ImportFinishedListener = (finished: { db: Db; workspaceId: string; importId: string }) => Promise<void>;
const finishedListeners = new Set<ImportFinishedListener>();
export function onImportFinished(listener: ImportFinishedListener): void {
  finishedListeners.add(listener);
}

export interface ImportRunner {
  /** Hands a run to the queue (a new run, a resume). */
  enqueue(run: { id: string; workspaceId: string }): Promise<void>;
  /** Sends again runs whose worker went silent, and resumes runs paused for re-authorization whose connection is active again. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export interface ImportRunnerOptions {
  db: Db;
  config: AppConfig;
  workerId?: string;
  sweepEveryMs?: number;
  /** Multiplies Amazon's rates in our bucket (a faster stand-in in tests and the bench). */
  rateScale?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Wait between two polls of a report not yet done (getReport allows 2 a second). */
  reportPollMs?: number;
  /** A 429 or 5xx the client's own retries did not cure: the page is tried again this many times, after `retryDelayMs` doubling. */
  pageRetries?: number;
  retryDelayMs?: number;
  work?: boolean;
}

const includedData = ["summaries", "attributes", "issues"] as const;

/** The All Listings report's SKUs (tab-separated, first line the column names). */
export function reportSkus(text: string): string[] {
  const [header = "", ...lines] = text.split(/\r?\n/);
  const column = header.split("\t").indexOf("seller-sku");
  if (column === -1) throw new Error("the All Listings report has no seller-sku column");
  const skus = lines.map((line) => line.split("\t")[column]?.trim() ?? "").filter(Boolean);
  return [...new Set(skus)];
}

export async function startImportRunner({ db, config, workerId = randomUUID(), sweepEveryMs = 15_000, rateScale = 1, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = Date.now, reportPollMs = 500, pageRetries = 5, retryDelayMs = 2_000, work = true }: ImportRunnerOptions): Promise<ImportRunner> {
  const amazon: AmazonConfig | undefined = config.amazon;
  const heartbeatMs = config.jobs.heartbeatSeconds * 1000;
  const queue: WorkQueue<{ importId: string }> = await createWorkQueue<{ importId: string }>({
    db,
    config,
    options: { name: importQueueName, localConcurrency: 2, groupConcurrency: { default: 1, tiers: {} }, retryLimit: 5, retryDelaySeconds: 5, heartbeatSeconds: config.jobs.heartbeatSeconds },
  });
  const limiter: SpApiRateLimiter = createSpApiRateLimiter(db, { now, sleep, rateScale });
  const tokens: AccessTokens | undefined = amazon && createAccessTokens({ db, config, amazon, now });
  const stopping = new AbortController();

  async function enqueue(run: { id: string; workspaceId: string }): Promise<void> {
    await queue.send([{ data: { importId: run.id }, group: { id: run.workspaceId, tier: "none" }, key: run.id }]);
  }

  const nextStore = (cursor: ImportCursor): ImportCursor => ({ store: cursor.store + 1, mode: "pages", pageToken: null, reportId: null, skus: null, offset: 0 });

  /** One step of the run: the items read (maybe none) and where the run goes next. */
  async function step(client: SpApiClient, run: ClaimedRun, marketplaceId: string): Promise<{ items: unknown[]; cursor: ImportCursor; total?: number }> {
    const { cursor } = run;
    const sellerId = client.connection.sellingPartnerId;
    if (cursor.mode === "pages") {
      const { data } = await client.listings.searchListingsItems({ sellerId, marketplaceIds: [marketplaceId], includedData: [...includedData], pageSize, ...(cursor.pageToken ? { pageToken: cursor.pageToken } : {}) });
      const found = data.numberOfResults ?? 0;
      // Amazon pages through 1,000 SKUs at most: a larger store is read from its All Listings report.
      if (!cursor.pageToken && found > pagingLimit) return { items: [], cursor: { ...cursor, mode: "report" }, total: (run.total ?? 0) + found };
      const token = data.pagination?.nextToken;
      return { items: data.items ?? [], cursor: token ? { ...cursor, pageToken: token } : nextStore(cursor), ...(cursor.pageToken ? {} : { total: (run.total ?? 0) + found }) };
    }
    if (!cursor.reportId) {
      const { data } = await client.reports.createReport({ body: { reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds: [marketplaceId] } });
      return { items: [], cursor: { ...cursor, reportId: data.reportId } };
    }
    if (!cursor.skus) {
      for (;;) {
        const { data: report } = await client.reports.getReport({ reportId: cursor.reportId });
        if (report.processingStatus === "DONE" && report.reportDocumentId) {
          const { data: document } = await client.reports.getReportDocument({ reportDocumentId: report.reportDocumentId });
          const answer = await fetch(document.url, { signal: AbortSignal.timeout(120_000) });
          if (!answer.ok) throw new SpApiError(answer.status >= 500 ? answer.status : 502, "ReportDocumentUnavailable", "getReportDocument", undefined, `the report document answered ${answer.status}`);
          const bytes = Buffer.from(await answer.arrayBuffer());
          const skus = reportSkus((document.compressionAlgorithm === "GZIP" ? gunzipSync(bytes) : bytes).toString("utf8"));
          return { items: [], cursor: { ...cursor, skus, offset: 0 } };
        }
        if (report.processingStatus === "CANCELLED" || report.processingStatus === "FATAL") throw new SpApiError(500, `Report${report.processingStatus}`, "getReport", undefined, `the All Listings report ended ${report.processingStatus}`);
        if (stopping.signal.aborted || !(await stillRunning(run))) return { items: [], cursor };
        await sleep(reportPollMs);
      }
    }
    const batch = cursor.skus.slice(cursor.offset, cursor.offset + pageSize);
    if (batch.length === 0) return { items: [], cursor: nextStore(cursor) };
    const { data } = await client.listings.searchListingsItems({ sellerId, marketplaceIds: [marketplaceId], includedData: [...includedData], identifiers: batch, identifiersType: "SKU", pageSize });
    const offset = cursor.offset + batch.length;
    return { items: data.items ?? [], cursor: offset >= cursor.skus.length ? nextStore(cursor) : { ...cursor, offset } };
  }

  async function stillRunning(run: ClaimedRun): Promise<boolean> {
    const row = await db.selectFrom("amazon_import").select(["status", "claimedBy", "attempt"]).where("id", "=", run.id).executeTakeFirst();
    return row?.status === "running" && row.claimedBy === run.workerId && Number(row.attempt) === run.attempt;
  }

  async function processRun(importId: string): Promise<void> {
    const run = await claimImportRun({ db, importId, workerId, staleBefore: new Date(now() - 2 * heartbeatMs), now: new Date(now()) });
    if (!run) return;
    const log = logger.child({ importId, attempt: run.attempt, workerId });
    const pause = async (reason: "needs_reauthorization") => {
      await pauseImportRun({ db, importId, reason, now: new Date(now()) });
      await releaseImportRun(db, run);
      log.info({ reason }, "import paused");
    };
    const connection = await getConnectionById({ db, workspaceId: run.workspaceId, connectionId: run.connectionId });
    if (!connection || !amazon || !tokens || !run.createdBy) return void (await finishImportRun(db, run, { status: "failed", error: !connection ? "The Seller Central connection is gone." : !run.createdBy ? "The account that started this import is gone." : "Amazon is not set up on this server." }, new Date(now())));
    if (connection.status === "needs_reauthorization") return pause("needs_reauthorization");
    const client = createSpApiClient({ amazon, connection, tokens, limiter, sleep, retryDelayMs });
    const beat = setInterval(() => void beatImportRun(db, run, new Date(now())).catch((error: unknown) => log.warn({ err: error }, "import heartbeat failed")), Math.max(500, heartbeatMs / 3));
    let failures = 0;
    try {
      for (;;) {
        if (stopping.signal.aborted) {
          // This server is stopping: the run goes back (its cursor is saved) and the queue keeps it for the next server.
          await releaseImportRun(db, run);
          throw new Error("server stopping: the import goes back to the queue");
        }
        if (run.cursor.store >= run.marketplaceIds.length) {
          if (await finishImportRun(db, run, { status: "completed" }, new Date(now()))) {
            log.info("import completed");
            for (const listener of finishedListeners) await listener({ db, workspaceId: run.workspaceId, importId: run.id }).catch((error: unknown) => log.error({ err: error }, "an import listener failed"));
          }
          return;
        }
        const marketplaceId = run.marketplaceIds[run.cursor.store]!;
        const store = marketplaceBySpApiId(marketplaceId);
        let result: Awaited<ReturnType<typeof step>>;
        try {
          // A store we do not list has no rules to write against: it is passed over.
          result = store ? await step(client, run, marketplaceId) : { items: [], cursor: nextStore(run.cursor) };
          failures = 0;
        } catch (error) {
          if (error instanceof AmazonReauthorizationNeeded) return void (await pause("needs_reauthorization"));
          if (error instanceof SpApiError && (error.status === 403 || error.status === 401)) {
            await markNeedsReauthorization({ db, connectionId: connection.id, reason: `${error.status} ${error.code}`, now: new Date(now()) });
            return void (await pause("needs_reauthorization"));
          }
          const retryable = !(error instanceof SpApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
          if (retryable && failures < pageRetries) {
            const wait = retryDelayMs * 2 ** failures++;
            log.warn({ err: error, waitMs: wait }, "SP-API failed: the step is tried again");
            await sleep(wait);
            if (!(await stillRunning(run))) return;
            continue;
          }
          if (error instanceof SpApiError) return void (await finishImportRun(db, run, { status: "failed", error: error.message.slice(0, 500) }, new Date(now())));
          throw error;
        }
        if (result.cursor === run.cursor) {
          // Paused or taken over while waiting for the report.
          if (!(await stillRunning(run))) return;
          continue;
        }
        const items = store ? result.items.map((raw) => mapListingsItem(raw, store)).filter((item): item is ImportedItem => item !== undefined) : [];
        try {
          await db.transaction().execute(async (trx) => {
            const counts = store ? await writeImportedItems({ db: trx, workspaceId: run.workspaceId, userId: run.createdBy!, sellerId: connection.sellingPartnerId, store, items, now: new Date(now()) }) : { created: 0, updated: 0, unchanged: 0, flagged: 0 };
            await advanceImportRun(trx, run, { cursor: result.cursor, ...(result.total === undefined ? {} : { total: result.total }), counts: { seen: items.length, ...counts }, now: new Date(now()) });
          });
        } catch (error) {
          if (error instanceof ImportClaimLost) {
            log.info("import paused or taken over: this worker stops");
            await releaseImportRun(db, run);
            return;
          }
          throw error;
        }
        run.cursor = result.cursor;
        if (result.total !== undefined) run.total = result.total;
      }
    } finally {
      clearInterval(beat);
    }
  }

  async function sweep(): Promise<void> {
    for (const run of await importRunsToResend({ db, staleBefore: new Date(now() - 2 * heartbeatMs) })) await enqueue(run);
    for (const run of await runsToResumeAfterReconnect(db)) {
      if (await resumeImportRun({ db, importId: run.id, now: new Date(now()) })) {
        logger.info({ importId: run.id }, "import resumed: the seller authorized again");
        await enqueue(run);
      }
    }
  }

  if (config.database.kind === "sqlite") {
    // One server per SQLite file: runs it held when it died are carried on now, not after a heartbeat.
    await db.updateTable("amazon_import").set({ claimedBy: null, heartbeatAt: null }).where("status", "=", "running").execute();
  }
  if (work) await queue.work(({ importId }) => processRun(importId));
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    sweeping ??= sweep()
      .catch((error: unknown) => logger.error({ err: error }, "import sweep failed"))
      .finally(() => (sweeping = undefined));
  }, sweepEveryMs);
  timer.unref();
  if (work) await sweep();

  return {
    enqueue,
    sweep,
    async stop() {
      clearInterval(timer);
      stopping.abort(new Error("server stopping"));
      await sweeping;
      await queue.stop();
    },
  };
}

let current: ImportRunner | undefined;

/** The server's import runner (server/app.ts starts it); the API hands new runs to it. */
export function getImportRunner(): ImportRunner {
  if (!current) throw new Error("the import runner has not started");
  return current;
}

export async function startServerImportRunner({ db, config }: { db: Db; config: AppConfig }): Promise<ImportRunner> {
  current ??= await startImportRunner({ db, config });
  return current;
}

export async function stopServerImportRunner(): Promise<void> {
  const runner = current;
  current = undefined;
  await runner?.stop();
}
