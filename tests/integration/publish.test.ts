// Publishing to Amazon against the SP-API stand-in (issue 34 item 2, 4 and "Bad input"), on both databases:
// the SKU link, preview (lint, schema, diff, Amazon's preview), publish written before it is sent and never sent
// twice, the read-back to live / rejected / pending, the behaviours sellers report (INVALID, preview VALID then
// refused, accepted then an issue, accepted and nothing changes), rollback with the three-way check, who may
// publish, the audit log as JSON and CSV, a crash between writing and sending, and another workspace's 404.
// The stand-in runs 200x Amazon's rates and our bucket with it; the verification's clock is injected.
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createListing, listListingVersions, saveListingVersion } from "#app/features/listings/listings.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { setMembersMayPublish } from "#app/features/publish/permissions.server.ts";
import { handleAmazonLink, handlePublications, handlePublish, handlePublishPreview, type PublishApiContext } from "#app/features/publish/publish-api.server.ts";
import { startPublisher, type Publisher } from "#app/features/publish/publish.server.ts";
import { publicationAnswerSchema, publicationsAnswerSchema, publishPreviewAnswerSchema, type PublishPreview } from "#app/features/publish/types.ts";
import { readApiError } from "#app/lib/errors.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { connectThroughConsent, publishApiContext, suitcaseCopy, suitcaseLive } from "#tests/support/publish-connection.ts";
import { answerAsAmazon, startSpApiProxy } from "#tests/support/sp-api-proxy.ts";
import { startSpApiStub, type SpApiStub } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-test", clientId: "amzn1.application-oa2-client.sellscribe", clientSecret: "lwa-test-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const rateScale = 200;
const sellerId = "A2PUBSTUBSELLER";
const us = "ATVPDKIKX0DER";

const liveListing = suitcaseLive;
const ours = suitcaseCopy;

describe.each(testDatabaseKinds)("publishing to Amazon on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  let stub: SpApiStub;
  let config: AppConfig;
  let amazon: AmazonConfig;
  let publisher: Publisher;
  let clock = Date.now();
  const db = () => backend.testDb.db;
  let owner: { id: string; name: string; email: string; workspaceId: string };

  beforeAll(async () => {
    const skus = ["PUB-QUEUE", "PUB-DOWN", "PUB-NORMAL", "PUB-ISSUE", "PUB-NOCHANGE", "PUB-INVALID", "PUB-REFUSED", "PUB-CRASH", "PUB-CRASH2", "PUB-TWICE", "PUB-MEMBER", "PUB-ROLL"];
    const listings = [...skus.map((sku) => liveListing(sku)), ...["PUB-BRACELET", "PUB-BRACELET2"].map((sku) => ({ ...liveListing(sku, "BRACELET"), title: "Silver bracelet" }))];
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], sellers: [{ sellerId, region: "na", marketplaceIds: [us], listings }], rateScale });
    amazon = { ...app, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
    config = { ...backend.config, amazon };
    publisher = await startPublisher({ db: db(), config, rateScale, now: () => (clock += 1), firstCheckMs: 10, maxCheckMs: 20, timeLimitMs: 15 * 60_000, recheckMs: 30 * 60_000, sendingStaleMs: 10 * 60_000, sweepEveryMs: 3_600_000, work: false });
    const signed = await backend.signUp();
    owner = { ...signed.user, workspaceId: signed.workspaceId };
    await connectThroughConsent({ db: db(), config, amazon, stub, workspaceId: owner.workspaceId, userId: owner.id, sellerId, appId: app.appId, redirectUri });
  });
  afterAll(async () => {
    await publisher?.stop();
    await stub?.close();
  });

  // Amazon having a bad minute: while `failPatch` is set, the real PATCH (not the preview) answers it before reaching the stand-in.
  let failPatch: 0 | 429 | 503 | 403 = 0;
  let proxy: Server | undefined;
  async function proxied(): Promise<AppConfig> {
    const started = await startSpApiProxy(stub.url, (req, res) => {
      if (!failPatch || req.method !== "PATCH" || req.url?.includes("VALIDATION_PREVIEW")) return false;
      answerAsAmazon(res, failPatch, failPatch === 429 ? "QuotaExceeded" : failPatch === 403 ? "Unauthorized" : "ServiceUnavailable", "Amazon says no", failPatch === 429 ? { "x-amzn-RateLimit-Limit": "1000" } : {});
      return true;
    });
    proxy = started.server;
    return { ...config, amazon: { ...amazon, endpoint: started.url } };
  }
  afterAll(async () => {
    if (proxy) await new Promise((resolve) => proxy!.close(resolve));
  });

  const ctx = (user: { id: string; name: string; email: string }, id: string, method: string, body?: unknown, query = ""): PublishApiContext => publishApiContext({ db: db(), publisher, user, id, method, body, path: query });
  const patches = () => stub.requests.filter((request) => request.operation === "patchListingsItem").length;
  const liveOf = (sku: string) => stub.sellers[0]!.listings.find((listing) => listing.sku === sku)!;

  /** A listing of ours with `copy` saved, linked to `sku` through the API. */
  async function linkedListing(sku: string, copy: ListingCopy = ours(sku)): Promise<string> {
    const listing = await createListing({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { brand: "Acme", productName: "Carry-on suitcase", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" } });
    await saveListingVersion({ db: db(), workspaceId: owner.workspaceId, listingId: listing.id, userId: owner.id, copy, source: "edited" });
    const linked = await handleAmazonLink(ctx(owner, listing.id, "POST", { store: "amazon.com", sku }));
    expect(linked.status).toBe(200);
    return listing.id;
  }

  async function preview(id: string, body: unknown = {}, user: { id: string; name: string; email: string } = owner): Promise<PublishPreview> {
    const answer = await handlePublishPreview(ctx(user, id, "POST", body));
    const json: unknown = await answer.json();
    expect(answer.status, JSON.stringify(json)).toBe(200);
    return publishPreviewAnswerSchema.parse(json).preview;
  }

  async function publish(id: string, previewId: string, confirmLiveChange?: boolean) {
    const answer = await handlePublish(ctx(owner, id, "POST", { previewId, ...(confirmLiveChange === undefined ? {} : { confirmLiveChange }) }));
    return { status: answer.status, body: (await answer.json()) as unknown };
  }

  /** Runs the verification until the publication settles (the stand-in applies a change after two reads). */
  async function settle(publicationId: string) {
    let status = await publisher.check(publicationId);
    for (let i = 0; i < 5 && status === "submitted"; i++) status = await publisher.check(publicationId);
    return status;
  }

  it("asks for the SKU first: unlinked is a 409, an unknown SKU a 400 at its field, the seller's SKU links with its product type", async () => {
    const listing = await createListing({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { brand: "Acme", productName: "Case", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" } });
    const unlinked = await handlePublishPreview(ctx(owner, listing.id, "POST", {}));
    expect(unlinked.status).toBe(409);
    expect(readApiError(await unlinked.json())?.code).toBe("AMAZON_NOT_LINKED");
    const unknown = await handleAmazonLink(ctx(owner, listing.id, "POST", { store: "amazon.com", sku: "NO-SUCH-SKU" }));
    expect(unknown.status).toBe(400);
    const refusal = readApiError(await unknown.json());
    expect(refusal?.code).toBe("AMAZON_SKU_UNKNOWN");
    expect(refusal?.fieldErrors?.sku).toMatch(/no listing with this SKU/);
    const bad = await handleAmazonLink(ctx(owner, listing.id, "POST", { store: "amazon.com" }));
    expect(bad.status).toBe(400);
    const linked = await handleAmazonLink(ctx(owner, listing.id, "POST", { store: "amazon.com", sku: "PUB-BRACELET" }));
    expect(await linked.json()).toEqual({ link: { store: "amazon.com", sku: "PUB-BRACELET", sellerId, productType: "BRACELET", asin: liveOf("PUB-BRACELET").asin } });
  });

  it("previews the diff and Amazon's VALID, publishes once (written before sending), then reads back until live; the live copy before and what was sent are versions", async () => {
    const id = await linkedListing("PUB-NORMAL", ours("PUB-NORMAL", { itemHighlights: "Light\nStrong" }));
    const shown = await preview(id);
    expect(shown).toMatchObject({ kind: "publish", store: "amazon.com", sku: "PUB-NORMAL", productType: "LUGGAGE", highlightsAttribute: null, highlightsNotSent: true, canPublish: true, blockers: [], amazon: { status: "VALID", issues: [] } });
    expect(shown.diff.find((entry) => entry.attribute === "item_name")).toEqual({ attribute: "item_name", live: ["Carry-on suitcase PUB-NORMAL"], ours: ["Acme carry-on suitcase pub-normal, 40 litres"], changed: true });
    expect(shown.schema.problems).toEqual([]);
    const before = patches();
    const sent = await publish(id, shown.id);
    expect(sent.status).toBe(202);
    const publication = publicationAnswerSchema.parse(sent.body).publication;
    expect(publication).toMatchObject({ kind: "publish", status: "submitted", store: "amazon.com", sku: "PUB-NORMAL", previewId: shown.id, userName: owner.name });
    expect(publication.submissionId).toBeTruthy();
    expect(patches()).toBe(before + 1);
    // ACCEPTED is not live: the stand-in applies it after two reads.
    expect(liveOf("PUB-NORMAL").title).toBe("Carry-on suitcase PUB-NORMAL");
    expect(await settle(publication.id)).toBe("live");
    expect(liveOf("PUB-NORMAL").title).toBe("Acme carry-on suitcase pub-normal, 40 litres");
    // The same preview never goes twice.
    const again = await publish(id, shown.id);
    expect(again.status).toBe(404);
    expect(patches()).toBe(before + 1);
    const versions = await listListingVersions({ db: db(), workspaceId: owner.workspaceId, listingId: id });
    expect(versions.slice(0, 2).map((version) => version.source)).toEqual(["published", "imported"]);
    // Published and nothing differs: nothing to send.
    const after = await preview(id);
    expect(after.blockers).toEqual(["unchanged"]);
    expect(after.amazon.status).toBe("NOT_SENT");
  });

  it("the verification runs on the work queue by itself: submitted, then live without anyone asking", async () => {
    const worker = await startPublisher({ db: db(), config, rateScale, firstCheckMs: 10, maxCheckMs: 50, sweepEveryMs: 3_600_000 });
    try {
      const id = await linkedListing("PUB-QUEUE");
      const shown = await preview(id);
      const answer = await handlePublish({ ...ctx(owner, id, "POST", { previewId: shown.id }), publisher: worker });
      const publication = publicationAnswerSchema.parse(await answer.json()).publication;
      expect(publication.status).toBe("submitted");
      await vi.waitFor(async () => expect((await db().selectFrom("listing_publication").select("status").where("id", "=", publication.id).executeTakeFirstOrThrow()).status).toBe("live"), { timeout: 15_000, interval: 50 });
      expect(liveOf("PUB-QUEUE").title).toBe(ours("PUB-QUEUE").title);
    } finally {
      await worker.stop();
    }
  });

  it("Amazon's 5xx, 429 and 403 on the PATCH: the message and what to do, the row failed, nothing marked live, and a new preview can go", async () => {
    const failing = await startPublisher({ db: db(), config: await proxied(), rateScale, now: () => (clock += 1), retryDelayMs: 1, sweepEveryMs: 3_600_000, work: false });
    try {
      const id = await linkedListing("PUB-DOWN");
      for (const [status, words] of [[503, /did not answer properly \(ServiceUnavailable\)/], [429, /limiting requests/], [403, /authorize Sellscribe again/]] as const) {
        failPatch = status;
        const shown = await preview(id);
        const answer = await handlePublish({ ...ctx(owner, id, "POST", { previewId: shown.id }), publisher: failing });
        // A 403 after a fresh token is Amazon's word on this call (a SKU Amazon refuses, a role): said, the connection left as it is.
        expect(answer.status).toBe(502);
        const error = readApiError(await answer.json());
        expect(error?.code).toBe("AMAZON_REFUSED");
        expect(error?.error).toMatch(words);
        const row = await db().selectFrom("listing_publication").select(["status", "error"]).where("previewId", "=", shown.id).executeTakeFirstOrThrow();
        expect(row.status).toBe("failed");
        expect(liveOf("PUB-DOWN").title).toBe("Carry-on suitcase PUB-DOWN");
      }
      // Amazon is back: a new preview of the same copy goes through.
      failPatch = 0;
      const again = await handlePublish({ ...ctx(owner, id, "POST", { previewId: (await preview(id)).id }), publisher: failing });
      expect(again.status).toBe(202);
    } finally {
      failPatch = 0;
      await failing.stop();
    }
  });

  it("two clicks at once send one patch", async () => {
    const id = await linkedListing("PUB-TWICE");
    const shown = await preview(id);
    const before = patches();
    const answers = await Promise.all([publish(id, shown.id), publish(id, shown.id)]);
    // The second finds the row of the first (a 404: that preview is spent) or loses the insert race on the unique previewId (409).
    const [first, second] = answers.map((answer) => answer.status).sort();
    expect(first).toBe(202);
    expect([404, 409]).toContain(second);
    expect(patches()).toBe(before + 1);
  });

  it("never sends a patch that fails our rules or the schema: every reason at its field", async () => {
    const id = await linkedListing("PUB-BRACELET2", ours("PUB-BRACELET2", { bullets: ["x".repeat(701), "Sterling silver", "Gift box included"] }));
    const shown = await preview(id);
    expect(shown.productType).toBe("BRACELET");
    expect(shown.blockers).toEqual(expect.arrayContaining(["lint", "schema"]));
    expect(shown.canPublish).toBe(false);
    expect(shown.amazon.status).toBe("NOT_SENT");
    expect(shown.schema.problems.some((problem) => problem.attribute === "bullet_point" && problem.keyword === "maxLength")).toBe(true);
    expect(shown.lint.errors.length).toBeGreaterThan(0);
    const before = patches();
    const refused = await publish(id, shown.id);
    expect(refused.status).toBe(409);
    const error = readApiError(refused.body);
    expect(error?.code).toBe("PUBLISH_BLOCKED");
    expect(Object.keys(error?.fieldErrors ?? {})).toEqual(expect.arrayContaining(["bullet_point", "bullets"]));
    expect(patches()).toBe(before);
  });

  it("shows Amazon's INVALID preview in plain words, and a preview VALID whose real call is refused fails with 90220 explained, nothing live", async () => {
    const invalid = await linkedListing("PUB-INVALID");
    stub.setBehaviour(sellerId, "PUB-INVALID", "invalid");
    const shown = await preview(invalid);
    expect(shown.amazon.status).toBe("INVALID");
    expect(shown.blockers).toEqual(["amazon"]);
    expect(shown.amazon.issues[0]).toMatchObject({ code: "4000001", explanation: { titleKey: "amazon.publish.issue.4000001.title" } });
    expect((await publish(invalid, shown.id)).status).toBe(409);

    const refused = await linkedListing("PUB-REFUSED");
    stub.setBehaviour(sellerId, "PUB-REFUSED", "preview-valid-submit-refused");
    const valid = await preview(refused);
    expect(valid.amazon.status).toBe("VALID");
    const sent = await publish(refused, valid.id);
    expect(sent.status).toBe(202);
    const publication = publicationAnswerSchema.parse(sent.body).publication;
    expect(publication.status).toBe("failed");
    expect(publication.issues[0]).toMatchObject({ code: "90220", explanation: { actionKey: "amazon.publish.issue.90220.action" } });
    expect(liveOf("PUB-REFUSED").title).toBe("Carry-on suitcase PUB-REFUSED");
  });

  it("accepted then an ERROR issue appears: rejected, the issue explained; accepted and nothing changes: pending after the time limit, re-checked by the sweep", async () => {
    const issue = await linkedListing("PUB-ISSUE");
    stub.setBehaviour(sellerId, "PUB-ISSUE", "issue-later");
    const sentIssue = publicationAnswerSchema.parse((await publish(issue, (await preview(issue)).id)).body).publication;
    expect(await settle(sentIssue.id)).toBe("rejected");
    const log = publicationsAnswerSchema.parse(await (await handlePublications(ctx(owner, issue, "GET"))).json());
    expect(log.publications[0]).toMatchObject({ status: "rejected", issues: [{ code: "8541", severity: "ERROR", explanation: { titleKey: "amazon.publish.issue.8541.title" } }] });

    const quiet = await linkedListing("PUB-NOCHANGE");
    stub.setBehaviour(sellerId, "PUB-NOCHANGE", "no-change");
    const sentQuiet = publicationAnswerSchema.parse((await publish(quiet, (await preview(quiet)).id)).body).publication;
    expect(await publisher.check(sentQuiet.id)).toBe("submitted");
    expect(await publisher.check(sentQuiet.id)).toBe("submitted");
    clock += 16 * 60_000;
    expect(await publisher.check(sentQuiet.id)).toBe("pending");
    // Amazon applies it later (Seller Central, or a slow queue): the sweep's re-check finds it live.
    stub.setListing(sellerId, { ...liveOf("PUB-NOCHANGE"), title: ours("PUB-NOCHANGE").title, bullets: ours("PUB-NOCHANGE").bullets, description: ours("PUB-NOCHANGE").description, keywords: ours("PUB-NOCHANGE").searchTerms });
    clock += 31 * 60_000;
    const row = () => db().selectFrom("listing_publication").select(["status", "nextCheckAt"]).where("id", "=", sentQuiet.id).executeTakeFirstOrThrow();
    expect(Date.parse((await row()).nextCheckAt!)).toBeLessThanOrEqual(clock);
    await publisher.sweep();
    expect(Date.parse((await row()).nextCheckAt!)).toBeGreaterThan(clock);
    expect(await publisher.check(sentQuiet.id)).toBe("live");
  });

  it("rolls back through the same flow, and asks with the three versions when the live copy changed at Amazon since our publish", async () => {
    const id = await linkedListing("PUB-ROLL");
    const first = publicationAnswerSchema.parse((await publish(id, (await preview(id)).id)).body).publication;
    expect(await settle(first.id)).toBe("live");
    const rollback = await preview(id, { kind: "rollback" });
    expect(rollback).toMatchObject({ kind: "rollback", canPublish: true, blockers: [] });
    expect(rollback.threeWay).toBeUndefined();
    expect(rollback.diff.find((entry) => entry.attribute === "item_name")?.ours).toEqual(["Carry-on suitcase PUB-ROLL"]);
    const undone = publicationAnswerSchema.parse((await publish(id, rollback.id)).body).publication;
    expect(undone).toMatchObject({ kind: "rollback", rollbackOf: first.id });
    expect(await settle(undone.id)).toBe("live");
    expect(liveOf("PUB-ROLL").title).toBe("Carry-on suitcase PUB-ROLL");

    // The rollback's copy is the listing's now: write ours again, publish it, then someone edits the title in Seller Central.
    // (The old live copy has two bullets, an error of ours: a rollback sent it anyway, a publish would not.)
    expect((await preview(id)).blockers).toEqual(["lint", "unchanged"]);
    await saveListingVersion({ db: db(), workspaceId: owner.workspaceId, listingId: id, userId: owner.id, copy: ours("PUB-ROLL"), source: "edited" });
    const second = publicationAnswerSchema.parse((await publish(id, (await preview(id)).id)).body).publication;
    expect(await settle(second.id)).toBe("live");
    stub.setListing(sellerId, { ...liveOf("PUB-ROLL"), title: "Edited in Seller Central" });
    const asked = await preview(id, { kind: "rollback" });
    expect(asked.blockers).toEqual(["liveChanged"]);
    expect(asked.canPublish).toBe(true);
    expect(asked.threeWay).toMatchObject({ before: { title: "Carry-on suitcase PUB-ROLL" }, published: { title: ours("PUB-ROLL").title }, live: { title: "Edited in Seller Central" } });
    const unconfirmed = await publish(id, asked.id);
    expect(unconfirmed.status).toBe(409);
    expect(readApiError(unconfirmed.body)?.code).toBe("LIVE_CHANGED");
    const confirmed = await publish(id, asked.id, true);
    expect(confirmed.status).toBe(202);
    expect(await settle(publicationAnswerSchema.parse(confirmed.body).publication.id)).toBe("live");
    expect(liveOf("PUB-ROLL").title).toBe("Carry-on suitcase PUB-ROLL");
  });

  it("owners publish; members only once an owner allows it; another workspace's listing is a 404", async () => {
    const id = await linkedListing("PUB-MEMBER");
    const member = await backend.signUp();
    const invite = await createInvitation({ db: db(), workspaceId: owner.workspaceId, email: member.user.email, invitedBy: owner.id });
    if (!invite.ok) throw new Error("invitation refused");
    expect((await acceptInvitation({ db: db(), token: invite.token, user: member.user })).ok).toBe(true);
    const refused = await handlePublishPreview(ctx(member.user, id, "POST", {}));
    expect(refused.status).toBe(403);
    expect(readApiError(await refused.json())?.code).toBe("PUBLISH_FORBIDDEN");
    const log = publicationsAnswerSchema.parse(await (await handlePublications(ctx(member.user, id, "GET"))).json());
    expect(log.mayPublish).toBe(false);
    expect(await setMembersMayPublish({ db: db(), workspaceId: owner.workspaceId, userId: member.user.id, allowed: true })).toBe(false);
    expect(await setMembersMayPublish({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, allowed: true })).toBe(true);
    expect((await preview(id, {}, member.user)).canPublish).toBe(true);

    const stranger = await backend.signUp();
    for (const answer of [await handlePublishPreview(ctx(stranger.user, id, "POST", {})), await handlePublications(ctx(stranger.user, id, "GET")), await handleAmazonLink(ctx(stranger.user, id, "POST", { store: "amazon.com", sku: "PUB-MEMBER" })), await handlePublish(ctx(stranger.user, id, "POST", { previewId: "x" }))]) {
      expect(answer.status).toBe(404);
    }
    await setMembersMayPublish({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, allowed: false });
  });

  it("a server that died between writing the row and Amazon's answer: the sweep reads the listing, failed when the patch never landed, live when it did; never sent again", async () => {
    for (const [sku, landed] of [["PUB-CRASH", false], ["PUB-CRASH2", true]] as const) {
      const id = await linkedListing(sku);
      const shown = await preview(id);
      const previewRow = await db().selectFrom("listing_publication").selectAll().where("id", "=", shown.id).executeTakeFirstOrThrow();
      // What publish() had written when the process died: the 'sending' row, and no answer.
      const at = new Date(clock).toISOString();
      await db().insertInto("listing_publication").values({ ...previewRow, id: `${shown.id}-sent`, kind: "publish", status: "sending", previewId: shown.id, sentAt: at, createdAt: at, updatedAt: at }).execute();
      if (landed) stub.setListing(sellerId, { ...liveOf(sku), title: ours(sku).title, bullets: ours(sku).bullets, description: ours(sku).description, keywords: ours(sku).searchTerms });
      const before = patches();
      expect((await publish(id, shown.id)).status).toBe(404);
      await publisher.sweep();
      expect((await db().selectFrom("listing_publication").select("status").where("id", "=", `${shown.id}-sent`).executeTakeFirstOrThrow()).status).toBe("sending");
      clock += 11 * 60_000;
      await publisher.sweep();
      const status = (await db().selectFrom("listing_publication").select("status").where("id", "=", `${shown.id}-sent`).executeTakeFirstOrThrow()).status;
      expect(status).toBe(landed ? "submitted" : "failed");
      if (landed) expect(await publisher.check(`${shown.id}-sent`)).toBe("live");
      expect(patches()).toBe(before);
    }
  });

  it("keeps every preview, publish and rollback in the audit log, newest first, as JSON and as CSV", async () => {
    const id = (await db().selectFrom("listing").select("id").where("amazonSku", "=", "PUB-ROLL").where("workspaceId", "=", owner.workspaceId).executeTakeFirstOrThrow()).id;
    const log = publicationsAnswerSchema.parse(await (await handlePublications(ctx(owner, id, "GET"))).json());
    expect(log.link).toMatchObject({ store: "amazon.com", sku: "PUB-ROLL", sellerId });
    expect(log.mayPublish).toBe(true);
    expect(log.publications.map((p) => `${p.kind}:${p.status}`)).toEqual(["rollback:live", "preview:preview", "publish:live", "preview:preview", "preview:preview", "rollback:live", "preview:preview", "publish:live", "preview:preview"]);
    const dates = log.publications.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const csv = await handlePublications(ctx(owner, id, "GET", undefined, "?format=csv"));
    // The context's URL is /publish: the handler reads only the query.
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith("createdAt,updatedAt,kind,status,userName,store,sku")).toBe(true);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(log.publications.length + 1);
    expect(text).toContain(ours("PUB-ROLL").title);
    expect((await handlePublications(ctx(owner, id, "GET", undefined, "?format=xml"))).status).toBe(400);
  });

  it("Amazon refusing the seller's authorization: the preview says to connect again, nothing sent", async () => {
    const id = (await db().selectFrom("listing").select("id").where("amazonSku", "=", "PUB-TWICE").where("workspaceId", "=", owner.workspaceId).executeTakeFirstOrThrow()).id;
    await saveListingVersion({ db: db(), workspaceId: owner.workspaceId, listingId: id, userId: owner.id, copy: ours("PUB-TWICE", { title: "A new title for the twice case" }), source: "edited" });
    const before = patches();
    stub.revoke(sellerId);
    // The access token cached from earlier calls is refused (403) and the refresh token is dead.
    const answer = await handlePublishPreview(ctx(owner, id, "POST", {}));
    expect(answer.status).toBe(409);
    const error = readApiError(await answer.json());
    expect(error?.code).toBe("AMAZON_NOT_CONNECTED");
    expect(error?.error).toMatch(/authorize Sellscribe again/);
    expect(patches()).toBe(before);
  });
});
