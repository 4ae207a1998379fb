// Bulk jobs' engine on SQLite and (with TEST_DATABASE_URL) PostgreSQL through pg-boss: rows written once
// each into their own listing and charged once, within the plan's concurrency; pause, resume, cancel,
// words running out (and coming back), a dead worker's row taken over, and failed rows retried.
// The provider is the streaming stub; nothing of ours is mocked.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getLedgerTotal, getWorkspaceBilling, grantBonusWords, reserveCredits } from "#app/features/billing/credits.server.ts";
import { changeJob, claimRow, createJob, getJobProgress, listJobRows } from "#app/features/jobs/jobs.server.ts";
import type { JobOptions } from "#app/features/jobs/types.ts";
import { getListing } from "#app/features/listings/listings.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { readUntil } from "#tests/support/read-until.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const options: JobOptions = { sections: ["title", "bullets", "searchTerms"], marketplace: "amazon.com", ruleSetId: "amazon-2026-07" };
const rowsOf = (count: number, brand: string) =>
  Array.from({ length: count }, (_, i) => ({ rowNumber: i + 2, input: { facts: { brand, productName: `Bamboo board ${i + 1}`, productType: "cutting board", keyFeatures: "solid bamboo, juice groove", targetAudience: "home cooks", wordsToAvoid: "", tone: "Professional" }, keywords: [{ phrase: "bamboo cutting board", volume: 100 }], marketplace: "amazon.com" } }));

describe.each(testDatabaseKinds)("bulk jobs on %s", (kind) => {
  const { testDb, stub, config, runner, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 }, jobRunner: { concurrency: 4, heartbeatSeconds: 2, workerId: `test-${kind}`, sweepEveryMs: 200 } });
  let user: { id: string };
  let workspaceId: string;

  beforeAll(async () => {
    const ada = await signUp();
    user = { id: ada.id };
    workspaceId = ada.workspaceId;
    await grantBonusWords({ db: testDb.db, workspaceId, words: 100_000, trialWords: config.billing.trialWords });
  });
  beforeEach(() => stub.reset());

  async function start(count: number, brand: string, extra: Partial<JobOptions> = {}) {
    const { jobId, toSend } = await createJob({ db: testDb.db, workspaceId, userId: user.id, fileName: `${brand}.csv`, options: { ...options, ...extra }, rows: rowsOf(count, brand), emptyRowsSkipped: 1 });
    await runner.enqueue(toSend);
    return jobId;
  }
  const progress = async (jobId: string) => (await getJobProgress({ db: testDb.db, workspaceId, id: jobId, rowWords: runner.rowWords }))!;
  const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => readUntil(read, done, 15_000);
  const rowsOfJob = async (jobId: string) => (await listJobRows({ db: testDb.db, workspaceId, jobId, limit: 1000 })).items;

  it("writes every row once into its own listing, charges exactly the words written, and keeps the trial to one row at a time", async () => {
    const usedBefore = (await getWorkspaceBilling({ db: testDb.db, workspaceId, trialWords: config.billing.trialWords })).balance.used;
    const jobId = await start(8, "Acme");
    const finished = await until(() => progress(jobId), (p) => p.status === "completed");
    expect(finished).toMatchObject({ total: 8, done: 8, failed: 0, queued: 0, running: 0, wordsReserved: 0, emptyRowsSkipped: 1 });
    const rows = await rowsOfJob(jobId);
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    for (const row of rows) {
      const listing = (await getListing({ db: testDb.db, workspaceId, id: row.listingId! }))!;
      expect(listing.version, `row ${row.rowNumber}`).toBe(1);
      expect(listing.copy.title.length).toBeGreaterThan(0);
      expect(row.coverage).not.toBeNull();
    }
    // One listing per row, one succeeded generation per row.
    const listings = await testDb.db.selectFrom("listing").select("id").where("workspaceId", "=", workspaceId).where("searchText", "like", "%acme%").execute();
    expect(listings).toHaveLength(8);
    const generations = await testDb.db.selectFrom("generation").select(["words", "status"]).where("workspaceId", "=", workspaceId).where("status", "=", "succeeded").execute();
    const written = generations.reduce((sum, generation) => sum + Number(generation.words), 0);
    expect(finished.wordsCharged).toBe(written);
    expect(finished.wordsCharged).toBeGreaterThan(0);
    const billing = await getWorkspaceBilling({ db: testDb.db, workspaceId, trialWords: config.billing.trialWords });
    expect(billing.balance.used - usedBefore).toBe(written);
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(billing.balance.available);
    // A trial workspace writes one row at a time, across the whole queue.
    const spans = (await testDb.db.selectFrom("job_row").select(["startedAt", "finishedAt"]).where("jobId", "=", jobId).orderBy("startedAt").execute()).map((row) => [Date.parse(row.startedAt!), Date.parse(row.finishedAt!)] as const);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1] - 5);
  });

  it("pauses (nothing new starts), resumes, and cancels the rows not started", async () => {
    // Slow answers, so there is time to pause between rows.
    for (let i = 0; i < 40; i++) stub.enqueue({ when: "Brand: Pauseco", tokenDelayMs: 4 });
    const jobId = await start(6, "Pauseco");
    await until(() => progress(jobId), (p) => p.done >= 1);
    expect((await changeJob({ db: testDb.db, workspaceId, id: jobId, action: "pause" }))!.changed).toBe(true);
    const paused = await until(() => progress(jobId), (p) => p.running === 0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await progress(jobId)).done).toBe(paused.done);
    expect(paused).toMatchObject({ status: "paused", pauseReason: "user" });
    const resumed = (await changeJob({ db: testDb.db, workspaceId, id: jobId, action: "resume" }))!;
    expect(resumed.changed).toBe(true);
    await runner.enqueue(resumed.toSend);
    await until(() => progress(jobId), (p) => p.done >= paused.done + 1);
    expect((await changeJob({ db: testDb.db, workspaceId, id: jobId, action: "cancel" }))!.changed).toBe(true);
    const cancelled = await until(() => progress(jobId), (p) => p.running === 0);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.done + cancelled.cancelled).toBe(6);
    expect(cancelled.cancelled).toBeGreaterThan(0);
    expect((await changeJob({ db: testDb.db, workspaceId, id: jobId, action: "resume" }))!.changed).toBe(false);
  });

  it("pauses when words run out, and resumes by itself when words are there again", async () => {
    const { balance } = await getWorkspaceBilling({ db: testDb.db, workspaceId, trialWords: config.billing.trialWords });
    // Something else holds all but one row's words (and a few): the second row cannot start.
    const perRow = runner.rowWords(options);
    const held = await reserveCredits({ db: testDb.db, workspaceId, words: balance.available - perRow - 10, trialWords: config.billing.trialWords });
    expect(held.ok).toBe(true);
    const jobId = await start(5, "Wordsco");
    const waiting = await until(() => progress(jobId), (p) => p.status === "paused");
    expect(waiting.pauseReason).toBe("words");
    expect(waiting.done).toBeLessThan(5);
    await grantBonusWords({ db: testDb.db, workspaceId, words: 50_000, trialWords: config.billing.trialWords });
    const finished = await until(() => progress(jobId), (p) => p.status === "completed");
    expect(finished).toMatchObject({ done: 5, failed: 0 });
  });

  it("takes over a row whose worker died, gives its words back, and still writes it once", async () => {
    const jobId = await start(0, "Ghostco");
    const { jobId: realJob, toSend } = await createJob({ db: testDb.db, workspaceId, userId: user.id, fileName: "ghost.csv", options, rows: rowsOf(2, "Ghostco"), emptyRowsSkipped: 0 });
    expect(jobId).not.toBe(realJob);
    // A worker on a server that then died: it claimed the row and went silent.
    const dead = await claimRow({ db: testDb.db, rowId: toSend[0]!.rowId, workerId: "dead-server", staleBefore: new Date(0) });
    expect(dead).toMatchObject({ attempt: 1 });
    await runner.enqueue(toSend);
    const finished = await until(() => progress(realJob), (p) => p.status === "completed");
    expect(finished).toMatchObject({ done: 2, failed: 0 });
    const taken = await testDb.db.selectFrom("job_row").select(["attempt", "claimedBy", "listingId"]).where("id", "=", toSend[0]!.rowId).executeTakeFirstOrThrow();
    expect(taken.attempt).toBe(2);
    expect(taken.claimedBy).toBe(`test-${kind}`);
    expect((await getListing({ db: testDb.db, workspaceId, id: taken.listingId }))!.version).toBe(1);
  });

  it("records why a row failed, and retries only the failed rows", async () => {
    for (let i = 0; i < 10; i++) stub.enqueue({ when: "Brand: Failco", status: 400 });
    const jobId = await start(2, "Failco");
    const failed = await until(() => progress(jobId), (p) => p.status === "completed");
    expect(failed.failed).toBeGreaterThan(0);
    const reasons = (await rowsOfJob(jobId)).filter((row) => row.status === "failed").map((row) => row.error);
    expect(reasons[0]).toMatch(/provider|request|AI/i);
    stub.reset();
    const retry = (await changeJob({ db: testDb.db, workspaceId, id: jobId, action: "retry-failed" }))!;
    expect(retry.toSend).toHaveLength(failed.failed);
    await runner.enqueue(retry.toSend);
    const finished = await until(() => progress(jobId), (p) => p.status === "completed");
    expect(finished).toMatchObject({ done: 2, failed: 0 });
  });

  it("answers another workspace's job with nothing", async () => {
    const jobId = await start(0, "Scopeco");
    expect(await getJobProgress({ db: testDb.db, workspaceId: "another", id: jobId, rowWords: runner.rowWords })).toBeUndefined();
    expect(await changeJob({ db: testDb.db, workspaceId: "another", id: jobId, action: "cancel" })).toBeUndefined();
  });
});
