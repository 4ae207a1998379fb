// Bulk publish wired into the publish flow (issue 34 item 3, docs/decisions/042), against the SP-API stand-in on
// both databases: the plan (ready and skipped, with reasons; no Amazon preview per listing), the start (publication
// rows 'sending' with the batch id and one batch per seller and store), the run's outcomes on the rows (accepted →
// submitted → live after the read-back; INVALID → failed with the issue explained), the sweep leaving a running
// batch's rows alone, a lapsed batch taken over by another server without sending anything twice, the retry cap,
// another workspace's batch (404) and a member without permission (403). The stand-in runs 200x Amazon's rates.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createListing, saveListingVersion } from "#app/features/listings/listings.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { handleBulkBatch, handleBulkPlan, handleBulkStart } from "#app/features/publish/bulk-publish-api.server.ts";
import { handleAmazonLink, type PublishApiContext } from "#app/features/publish/publish-api.server.ts";
import { lockPublishing } from "#app/features/publish/publications.server.ts";
import { startPublisher, type Publisher } from "#app/features/publish/publish.server.ts";
import { bulkBatchAnswerSchema, bulkPlanAnswerSchema, bulkStartAnswerSchema } from "#app/features/publish/types.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { readApiError } from "#app/lib/errors.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { connectThroughConsent, publishApiContext, suitcaseCopy, suitcaseLive } from "#tests/support/publish-connection.ts";
import { startSpApiStub, type SpApiStub } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-bulk", clientId: "amzn1.application-oa2-client.bulk", clientSecret: "bulk-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const rateScale = 200;
const sellerId = "A2BULKSTUBSELLER";
const us = "ATVPDKIKX0DER";

const liveListing = (sku: string) => suitcaseLive(sku);
const ours = suitcaseCopy;

type User = { id: string; name: string; email: string };

describe.each(testDatabaseKinds)("bulk publish wired into the flow on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;
  let stub: SpApiStub;
  let config: AppConfig;
  let publisher: Publisher;
  let clock = Date.now();
  const now = () => clock;
  let owner: User & { workspaceId: string };

  beforeAll(async () => {
    const skus = ["BULK-OK", "BULK-BAD", "BULK-LINT", "BULK-SAME", "BULK-BUSY", "BULK-S1", "BULK-S2", "BULK-T1", "BULK-T2", "BULK-T3", "BULK-CAP", "BULK-RACE-1", "BULK-RACE-2"];
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], sellers: [{ sellerId, region: "na", marketplaceIds: [us], listings: skus.map(liveListing) }], rateScale });
    const amazon: AmazonConfig = { ...app, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
    config = { ...backend.config, amazon };
    publisher = await startPublisher({ db: db(), config, rateScale, now, firstCheckMs: 10, maxCheckMs: 20, sendingStaleMs: 10 * 60_000, sweepEveryMs: 3_600_000, feedProcessingMs: 2_000, work: false });
    const signed = await backend.signUp();
    owner = { ...signed.user, workspaceId: signed.workspaceId };
    await connectThroughConsent({ db: db(), config, amazon, stub, workspaceId: owner.workspaceId, userId: owner.id, sellerId, appId: app.appId, redirectUri });
  });
  afterAll(async () => {
    await publisher?.stop();
    await stub?.close();
  });

  const ctx = (user: User, body?: unknown, id = "", using: Publisher = publisher): PublishApiContext => publishApiContext({ db: db(), publisher: using, user, id, method: body === undefined ? "GET" : "POST", body });
  const requests = (operation: string) => stub.requests.filter((request) => request.operation === operation).length;
  const liveOf = (sku: string) => stub.sellers[0]!.listings.find((listing) => listing.sku === sku)!;

  async function listing(sku: string | null, copy: ListingCopy = ours(sku ?? "none"), user: User & { workspaceId: string } = owner): Promise<string> {
    const created = await createListing({ db: db(), workspaceId: user.workspaceId, userId: user.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { brand: "Acme", productName: "Carry-on suitcase", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" } });
    await saveListingVersion({ db: db(), workspaceId: user.workspaceId, listingId: created.id, userId: user.id, copy, source: "edited" });
    if (sku) expect((await handleAmazonLink({ ...ctx(user, { store: "amazon.com", sku }), id: created.id })).status).toBe(200);
    return created.id;
  }

  async function start(listingIds: string[]) {
    const answer = await handleBulkStart(ctx(owner, { listingIds }));
    const json: unknown = await answer.json();
    expect(answer.status, JSON.stringify(json)).toBe(202);
    return bulkStartAnswerSchema.parse(json);
  }

  const rowsOf = (batchId: string) => db().selectFrom("listing_publication").selectAll().where("batchId", "=", batchId).orderBy("sku").execute();

  it("plans: ready listings grouped by store with their path, the others skipped with their reason, and no Amazon preview per listing", async () => {
    const ready = await listing("BULK-OK");
    const lint = await listing("BULK-LINT", ours("BULK-LINT", { bullets: ["Only one bullet"] }));
    stub.setListing(sellerId, { ...liveOf("BULK-SAME"), title: ours("BULK-SAME").title, bullets: ours("BULK-SAME").bullets, description: ours("BULK-SAME").description, keywords: ours("BULK-SAME").searchTerms });
    const same = await listing("BULK-SAME");
    const unlinked = await listing(null);
    const previews = requests("patchListingsItemPreview");
    const answer = await handleBulkPlan(ctx(owner, { listingIds: [ready, lint, same, unlinked, "no-such-listing"] }));
    expect(answer.status).toBe(200);
    const plan = bulkPlanAnswerSchema.parse(await answer.json());
    expect(plan.listings.map((entry) => [entry.listingId, entry.ready, entry.reason])).toEqual([
      [ready, true, null],
      [lint, false, "lint"],
      [same, false, "unchanged"],
      [unlinked, false, "notLinked"],
      ["no-such-listing", false, "notFound"],
    ]);
    expect(plan.groups).toEqual([{ store: "amazon.com", count: 1, path: "patches" }]);
    expect(requests("patchListingsItemPreview")).toBe(previews);
    // Nothing was written.
    expect(await db().selectFrom("listing_publication").select("id").where("listingId", "=", ready).execute()).toEqual([]);
    // Bad input is a 400, never a 500.
    expect((await handleBulkPlan(ctx(owner, { listingIds: [] }))).status).toBe(400);
    expect((await handleBulkPlan(ctx(owner, { listingIds: Array.from({ length: 5_001 }, (_, i) => `id-${i}`) }))).status).toBe(400);
  });

  it("starts one batch with a 'sending' row per listing, runs it, and moves the rows on: accepted → submitted → live, INVALID → failed with the issue explained", async () => {
    const ok = (await db().selectFrom("listing").select("id").where("workspaceId", "=", owner.workspaceId).where("amazonSku", "=", "BULK-OK").executeTakeFirstOrThrow()).id;
    const bad = await listing("BULK-BAD");
    stub.setBehaviour(sellerId, "BULK-BAD", "invalid");
    const patchesBefore = requests("patchListingsItem");
    const started = await start([ok, bad]);
    expect(started.batches).toEqual([{ id: expect.any(String), store: "amazon.com", count: 2, path: "patches" }]);
    expect(started.skipped).toEqual([]);
    const batchId = started.batches[0]!.id;
    const rows = await rowsOf(batchId);
    expect(rows.map((row) => [row.sku, row.kind, row.status, row.createdBy])).toEqual([
      ["BULK-BAD", "publish", "sending", owner.id],
      ["BULK-OK", "publish", "sending", owner.id],
    ]);
    expect(JSON.parse(rows[1]!.before)).toMatchObject({ title: "Carry-on suitcase BULK-OK" });
    expect(JSON.parse(rows[1]!.after)).toMatchObject({ title: ours("BULK-OK").title });
    const messages = await db().selectFrom("publish_batch_message").select(["sku", "publicationId", "status"]).where("batchId", "=", batchId).orderBy("sku").execute();
    expect(messages).toEqual(rows.map((row) => ({ sku: row.sku, publicationId: row.id, status: "queued" })));
    // Starting the same listings again: already publishing.
    const again = await handleBulkStart(ctx(owner, { listingIds: [ok, bad] }));
    expect(again.status).toBe(409);
    expect(readApiError(await again.json())?.code).toBe("PUBLISH_BLOCKED");
    const planned = bulkPlanAnswerSchema.parse(await (await handleBulkPlan(ctx(owner, { listingIds: [ok] }))).json());
    expect(planned.listings[0]!.reason).toBe("inProgress");

    expect(await publisher.bulk.run(batchId)).toBe(true);
    expect(requests("patchListingsItem") - patchesBefore).toBe(2);
    const [failed, submitted] = await rowsOf(batchId);
    expect(submitted).toMatchObject({ status: "submitted" });
    expect(submitted!.submissionId).toMatch(/^[0-9a-f]{32}$/);
    expect(failed).toMatchObject({ status: "failed", error: "Amazon answered INVALID" });
    expect(JSON.parse(failed!.issues)).toEqual([expect.objectContaining({ code: "4000001", severity: "ERROR", explanation: { titleKey: "amazon.publish.issue.4000001.title", actionKey: "amazon.publish.issue.4000001.action" } })]);
    // The read-back makes it live, as for a single publish.
    let status = await publisher.check(submitted!.id);
    for (let i = 0; i < 5 && status === "submitted"; i++) status = await publisher.check(submitted!.id);
    expect(status).toBe("live");
    expect(liveOf("BULK-OK").title).toBe(ours("BULK-OK").title);
    expect(liveOf("BULK-BAD").title).toBe("Carry-on suitcase BULK-BAD");

    const progress = await handleBulkBatch(ctx(owner, undefined, batchId));
    expect(progress.status).toBe(200);
    expect(bulkBatchAnswerSchema.parse(await progress.json()).batch).toMatchObject({
      id: batchId,
      store: "amazon.com",
      path: "patches",
      status: "done",
      finished: true,
      counts: { queued: 0, sending: 0, accepted: 1, invalid: 1, failed: 0, unknown: 0 },
      listings: [
        { listingId: ok, sku: "BULK-OK", status: "live" },
        { listingId: bad, sku: "BULK-BAD", status: "failed" },
      ],
    });
    stub.setBehaviour(sellerId, "BULK-BAD", "normal");
  });

  it("two starts of the same listings at the same instant send each listing once", async () => {
    const ids = [await listing("BULK-RACE-1"), await listing("BULK-RACE-2")];
    const answers = await Promise.all([handleBulkStart(ctx(owner, { listingIds: ids })), handleBulkStart(ctx(owner, { listingIds: ids }))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const rows = await db().selectFrom("listing_publication").select(["listingId", "status"]).where("listingId", "in", ids).execute();
    expect(rows.map((row) => row.listingId).sort()).toEqual([...ids].sort());
    // The started batch runs (once) before the next test counts Amazon's requests.
    const started = bulkStartAnswerSchema.parse(await answers.find((answer) => answer.status === 202)!.json());
    const patchesBefore = requests("patchListingsItem");
    expect(await publisher.bulk.run(started.batches[0]!.id)).toBe(true);
    expect(requests("patchListingsItem") - patchesBefore).toBe(2);
  });

  it("one start of a publish at a time per workspace: a second start's transaction waits for the first's lock", async () => {
    const order: string[] = [];
    const first = db().transaction().execute(async (trx) => {
      await lockPublishing(trx, owner.workspaceId);
      order.push("first locked");
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push("first done");
    });
    await vi.waitFor(() => expect(order).toContain("first locked"));
    const second = db().transaction().execute(async (trx) => {
      await lockPublishing(trx, owner.workspaceId);
      order.push("second locked");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first locked", "first done", "second locked"]);
  });

  it("the sweep leaves the 'sending' rows of a running batch alone, however old; a lapsed batch is taken over by another server and nothing is sent twice", async () => {
    const ids = [await listing("BULK-T1"), await listing("BULK-T2"), await listing("BULK-T3")];
    const { batches } = await start(ids);
    const batchId = batches[0]!.id;
    // A server took it and was sending BULK-T1 (message 1) when it died: the batch is 'running', its lease held for now.
    await db().updateTable("publish_batch").set({ status: "running", attempts: 1, leaseUntil: new Date(clock + 60_000).toISOString() }).where("id", "=", batchId).execute();
    await db().updateTable("publish_batch_message").set({ status: "sending" }).where("batchId", "=", batchId).where("messageId", "=", 1).execute();
    // Its rows look stale (older than the 10 minutes a single publish is given).
    clock += 11 * 60_000;
    const reads = requests("getListingsItem");
    await publisher.sweep();
    expect((await rowsOf(batchId)).map((row) => row.status)).toEqual(["sending", "sending", "sending"]);
    expect(requests("getListingsItem")).toBe(reads);

    // The lease lapses: another server's sweep takes it over from the queue.
    await db().updateTable("publish_batch").set({ leaseUntil: new Date(clock - 1).toISOString() }).where("id", "=", batchId).execute();
    const patchesBefore = requests("patchListingsItem");
    const other = await startPublisher({ db: db(), config, rateScale, now, firstCheckMs: 10, maxCheckMs: 20, sweepEveryMs: 3_600_000, work: true });
    try {
      await other.sweep();
      await vi.waitFor(async () => expect((await db().selectFrom("publish_batch").select("status").where("id", "=", batchId).executeTakeFirstOrThrow()).status).toBe("done"), { timeout: 15_000, interval: 50 });
      await vi.waitFor(async () => expect((await rowsOf(batchId)).slice(1).map((row) => row.status === "sending")).toEqual([false, false]), { timeout: 15_000, interval: 50 });
    } finally {
      await other.stop();
    }
    // T1 was 'sending' when its server died: never sent again; T2 and T3 once each.
    expect(requests("patchListingsItem") - patchesBefore).toBe(2);
    const messages = await db().selectFrom("publish_batch_message").select(["sku", "status", "publicationId"]).where("batchId", "=", batchId).orderBy("messageId").execute();
    expect(messages.map((message) => message.status)).toEqual(["unknown", "accepted", "accepted"]);
    // The batch is finished: its unknown row is the sweep's to read back (the other server's may have done it already).
    clock += 11 * 60_000;
    await publisher.sweep();
    expect(await rowsOf(batchId).then((rows) => rows[0])).toMatchObject({ sku: "BULK-T1", status: "failed", error: expect.stringMatching(/^Interrupted before Amazon answered, and the live copy does not show it/) });
    expect(requests("patchListingsItem") - patchesBefore).toBe(2);
  });

  it("a batch taken over too often stops 'failed' with its reason, and its listings that never left are failed", async () => {
    const id = await listing("BULK-CAP");
    const { batches } = await start([id]);
    const batchId = batches[0]!.id;
    await db().updateTable("publish_batch").set({ status: "running", attempts: 4, error: "Amazon did not answer", leaseUntil: new Date(clock - 1).toISOString() }).where("id", "=", batchId).execute();
    const patchesBefore = requests("patchListingsItem");
    expect(await publisher.bulk.run(batchId)).toBe(true);
    expect(requests("patchListingsItem")).toBe(patchesBefore);
    expect(await db().selectFrom("publish_batch").select(["status", "error"]).where("id", "=", batchId).executeTakeFirstOrThrow()).toEqual({ status: "failed", error: "Stopped after 4 attempts: Amazon did not answer" });
    expect(await rowsOf(batchId)).toEqual([expect.objectContaining({ status: "failed", error: "Stopped after 4 attempts: Amazon did not answer" })]);
  });

  it("another workspace's batch is a 404; a member without permission is refused (403)", async () => {
    const batchId = (await db().selectFrom("publish_batch").select("id").where("workspaceId", "=", owner.workspaceId).executeTakeFirstOrThrow()).id;
    const stranger = await backend.signUp();
    const hidden = await handleBulkBatch(ctx(stranger.user, undefined, batchId));
    expect(hidden.status).toBe(404);
    expect(readApiError(await hidden.json())?.code).toBe("NOT_FOUND");
    const theirs = await handleBulkPlan(ctx(stranger.user, { listingIds: [(await db().selectFrom("listing").select("id").where("workspaceId", "=", owner.workspaceId).executeTakeFirstOrThrow()).id] }));
    expect(bulkPlanAnswerSchema.parse(await theirs.json()).listings[0]!.reason).toBe("notFound");

    const member = await backend.signUp();
    const invite = await createInvitation({ db: db(), workspaceId: owner.workspaceId, email: member.user.email, invitedBy: owner.id });
    if (!invite.ok) throw new Error("invitation refused");
    expect((await acceptInvitation({ db: db(), token: invite.token, user: member.user })).ok).toBe(true);
    const id = await listing("BULK-S1");
    for (const handler of [handleBulkPlan, handleBulkStart]) {
      const refused = await handler(ctx(member.user, { listingIds: [id] }));
      expect(refused.status).toBe(403);
      expect(readApiError(await refused.json())?.code).toBe("PUBLISH_FORBIDDEN");
    }
    expect(await db().selectFrom("listing_publication").select("id").where("listingId", "=", id).execute()).toEqual([]);
  });
});
