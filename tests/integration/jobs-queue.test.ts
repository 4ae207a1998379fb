// The bulk-job queue under load and at its limits (issue 30, items 3 and 13), on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL through pg-boss, over the same handlers the HTTP routes call: a 5,000-row
// job created, paused, resumed and cancelled never stalls the event loop, and its waiting items leave the
// queue at once; a workspace's waiting rows are capped by plan; retrying a cancelled job is refused;
// rows the import refused keep their reason. The provider is the streaming stub; nothing of ours is mocked.
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { grantBonusWords } from "#app/features/billing/credits.server.ts";
import { setPlan } from "#app/features/admin/operator.server.ts";
import { rowQueueName } from "#app/features/jobs/job-runner.server.ts";
import { handleJobAction, handleJobCreate, handleJobGet, handleJobRows, type JobsApiContext } from "#app/features/jobs/jobs-api.server.ts";
import type { JobProgress } from "#app/features/jobs/types.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { readUntil } from "#tests/support/read-until.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";
import { watchEventLoop } from "#tests/support/event-loop.ts";

type User = { id: string; name: string; email: string };
const catalogOf = (count: number, brand: string) => ["Brand,Product name,Marketplace", ...Array.from({ length: count }, (_, i) => `${brand},Item ${i + 1},amazon.com`)].join("\n");

describe.each(testDatabaseKinds)("the bulk-job queue under load on %s", (kind) => {
  const { testDb, stub, config, runner, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 }, jobRunner: { concurrency: 4, heartbeatSeconds: 5, workerId: `queue-${kind}`, sweepEveryMs: 300 } });
  let ada: User;
  let tim: User;
  let adaWorkspace: string;

  beforeAll(async () => {
    ({ user: ada, workspaceId: adaWorkspace } = await signUp({ firstName: "Ada" }));
    ({ user: tim } = await signUp({ firstName: "Tim" }));
    // Ada pays for Enterprise (a whole catalog may wait); Tim is on his trial.
    await setPlan({ db: testDb.db, config, actor: { kind: "cli" }, target: { workspaceId: adaWorkspace }, plan: "enterprise" });
    await grantBonusWords({ db: testDb.db, workspaceId: adaWorkspace, words: 100_000, trialWords: config.billing.trialWords });
  }, 60_000);

  const ctx = (user: User, request: Request): JobsApiContext => ({ request, user, locale: "en", requestId: "req-queue", db: testDb.db, config, runner });
  const create = (user: User, catalog: string, mapping: Record<string, number | null> = { brand: 0, productName: 1, marketplace: 2 }) => {
    const form = new FormData();
    form.set("file", new Blob([catalog], { type: "text/csv" }), "catalog.csv");
    form.set("mapping", JSON.stringify(mapping));
    form.set("options", JSON.stringify({ sections: ["title"], marketplace: "amazon.com" }));
    return handleJobCreate(ctx(user, new Request("http://sellscribe.test/api/jobs", { method: "POST", body: form })));
  };
  const act = (user: User, id: string, action: string) => handleJobAction({ ...ctx(user, new Request(`http://sellscribe.test/api/jobs/${id}/${action}`, { method: "POST" })), id, action });
  const progress = async (user: User, id: string) => (await (await handleJobGet({ ...ctx(user, new Request(`http://sellscribe.test/api/jobs/${id}`)), id })).json()) as JobProgress;
  const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => readUntil(read, done, 60_000);
  /** The job's items waiting in the queue engine itself (queue_job on SQLite, pg-boss's job table on PostgreSQL), found by the row ids they carry. */
  async function waitingItems(jobId: string): Promise<number> {
    const { rows } =
      kind === "sqlite"
        ? await sql<{ n: number }>`select count(*) as n from queue_job where queue = ${rowQueueName} and state = 'created' and json_extract(data, '$.rowId') in (select id from job_row where "jobId" = ${jobId})`.execute(testDb.db)
        : await sql<{ n: number }>`select count(*) as n from pgboss.job where name = ${rowQueueName} and state < 'active' and data->>'rowId' in (select id from job_row where "jobId" = ${jobId})`.execute(testDb.db);
    return Number(rows[0]?.n ?? 0);
  }

  it("creates, pauses, resumes and cancels a 5,000-row job without stalling the event loop, and takes its waiting rows out of the queue", async () => {
    const watch = watchEventLoop();
    const started = performance.now();
    const created = await create(ada, catalogOf(5000, "Loadco"));
    expect(created.status).toBe(201);
    const { job } = (await created.json()) as { job: JobProgress };
    expect(job.total).toBe(5000);
    await until(() => progress(ada, job.id), (p) => p.done >= 1);

    expect((await (await act(ada, job.id, "pause")).json()) as { changed: boolean }).toMatchObject({ changed: true });
    // Paused: nothing of it waits in the queue (it is sent again on resume).
    expect(await waitingItems(job.id)).toBe(0);
    const resumed = (await (await act(ada, job.id, "resume")).json()) as { changed: boolean; job: JobProgress };
    expect(resumed.changed).toBe(true);
    expect(await waitingItems(job.id)).toBeGreaterThan(4000);

    expect((await (await act(ada, job.id, "cancel")).json()) as { changed: boolean }).toMatchObject({ changed: true });
    expect(await waitingItems(job.id)).toBe(0);
    const cancelled = await until(() => progress(ada, job.id), (p) => p.running === 0);
    expect(cancelled).toMatchObject({ status: "cancelled", queued: 0 });
    expect(cancelled.done + cancelled.failed + cancelled.cancelled).toBe(5000);
    // What a claim that was already under way does with its cancelled row settles too.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { gapMs, blockedMs } = watch.stop();
    console.info(`[${kind}] 5,000-row create, pause, resume and cancel: ${Math.round(performance.now() - started)} ms; worst event-loop gap ${Math.round(gapMs)} ms, worst CPU between two ticks ${Math.round(blockedMs)} ms`);
    // Our code never holds the loop for seconds (before: 20 s on SQLite), and nothing waits a second. Alone it holds
    // it under 100 ms; with the whole suite on two cores (garbage collection of a fuller heap counts too) CI saw 205.
    expect(blockedMs).toBeLessThan(400);
    expect(gapMs).toBeLessThan(1000);
  }, 120_000);
  it("caps the rows a workspace may have waiting by its plan (a trial 500): a job past it is refused with the numbers, and nothing is saved", async () => {
    const { workspaceId } = await getActiveMembership({ db: testDb.db, user: tim });
    const jobsOf = async () => (await testDb.db.selectFrom("job").select("id").where("workspaceId", "=", workspaceId).execute()).length;
    const over = await create(tim, catalogOf(501, "Trialco"));
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({
      code: "JOB_QUEUE_FULL",
      error: "This workspace has 0 products waiting and its plan lets 500 wait at once; this would add 501. Wait for a job to finish, cancel one or upload fewer products, or choose a larger plan.",
      numbers: { maxQueuedRows: 500, queued: 0, rows: 501 },
    });
    expect(await jobsOf()).toBe(0);

    const first = await create(tim, catalogOf(300, "Trialco"));
    expect(first.status).toBe(201);
    const { job } = (await first.json()) as { job: JobProgress };
    const second = await create(tim, catalogOf(300, "Trialco"));
    expect(second.status).toBe(409);
    const refused = (await second.json()) as { code: string; numbers: { maxQueuedRows: number; queued: number; rows: number } };
    expect(refused).toMatchObject({ code: "JOB_QUEUE_FULL", numbers: { maxQueuedRows: 500, rows: 300 } });
    // The first job's rows still waiting (a trial writes one at a time).
    expect(refused.numbers.queued).toBeGreaterThan(200);
    expect(refused.numbers.queued).toBeLessThanOrEqual(300);
    expect(await jobsOf()).toBe(1);

    // Cancelled rows wait no more: the same file fits again.
    expect((await act(tim, job.id, "cancel")).status).toBe(200);
    const again = await create(tim, catalogOf(300, "Trialco"));
    expect(again.status).toBe(201);
    const { job: third } = (await again.json()) as { job: JobProgress };
    expect((await act(tim, third.id, "cancel")).status).toBe(200);
    // An Enterprise workspace took a whole catalog above (its cap is 25,000).
  }, 60_000);

  it("refuses to retry a cancelled job's failed rows (409): nothing is left waiting for a job that never runs", async () => {
    stub.reset();
    for (let i = 0; i < 10; i++) stub.enqueue({ when: "Brand: Failco", status: 400 });
    for (let i = 0; i < 40; i++) stub.enqueue({ when: "Brand: Slowco", tokenDelayMs: 40 });
    const catalog = ["Brand,Product name,Marketplace", "Failco,Lamp 1,amazon.com", ...Array.from({ length: 20 }, (_, i) => `Slowco,Lamp ${i + 2},amazon.com`)].join("\n");
    const { job } = (await (await create(ada, catalog)).json()) as { job: JobProgress };
    await until(() => progress(ada, job.id), (p) => p.failed >= 1);
    expect((await act(ada, job.id, "cancel")).status).toBe(200);
    const retry = await act(ada, job.id, "retry-failed");
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ code: "JOB_CANCELLED", error: "This job was cancelled, so its rows are not written again. Start a new job with the products you still need." });
    const settled = await until(() => progress(ada, job.id), (p) => p.running === 0);
    expect(settled).toMatchObject({ status: "cancelled", queued: 0 });
    expect(settled.failed).toBeGreaterThanOrEqual(1);
    expect(await waitingItems(job.id)).toBe(0);
    stub.reset();
  }, 60_000);

  it("keeps the reason of rows the import refused (an unknown store, no brand) and never queues them on retry", async () => {
    stub.reset();
    for (let i = 0; i < 10; i++) stub.enqueue({ when: "Brand: Retryco", status: 400 });
    const catalog = ["Brand,Product name,Marketplace", "Retryco,Lamp 1,amazon.com", "Acme,Lamp 2,amazon.zz", ",Lamp 3,amazon.com"].join("\n");
    const { job } = (await (await create(ada, catalog)).json()) as { job: JobProgress };
    const rowsOf = async () => ((await (await handleJobRows({ ...ctx(ada, new Request(`http://sellscribe.test/api/jobs/${job.id}/rows`)), id: job.id })).json()) as { items: { rowNumber: number; status: string; error: string | null }[] }).items;
    await until(() => progress(ada, job.id), (p) => p.status === "completed");
    const before = await rowsOf();
    expect(before.map((row) => [row.rowNumber, row.status])).toEqual([[2, "failed"], [3, "failed"], [4, "failed"]]);
    expect(before[1]!.error).toBe("“amazon.zz” in Marketplace is not an Amazon store Sellscribe knows.");
    expect(before[2]!.error).toMatch(/Brand is empty/);
    stub.reset();

    const retried = (await (await act(ada, job.id, "retry-failed")).json()) as { changed: boolean; job: JobProgress };
    // Only the row a worker tried goes back; the refused ones stay failed, with their reason.
    expect(retried).toMatchObject({ changed: true, job: { failed: 2 } });
    expect(retried.job.queued + retried.job.running + retried.job.done).toBe(1);
    await until(() => progress(ada, job.id), (p) => p.status === "completed");
    const after = await rowsOf();
    expect(after.map((row) => [row.rowNumber, row.status, row.error])).toEqual([
      [2, "done", null],
      [3, "failed", before[1]!.error],
      [4, "failed", before[2]!.error],
    ]);
    // Nothing left to retry: nothing changes.
    expect((await (await act(ada, job.id, "retry-failed")).json()) as { changed: boolean }).toMatchObject({ changed: false });
  }, 60_000);
});
