// Fix jobs (issue 33 item 6) on SQLite and (with TEST_DATABASE_URL) PostgreSQL, through the API handlers and the
// bulk jobs' runner, the provider being the streaming stub: each listing's failing sections are rewritten from
// the live text with the lint's errors in the prompt and saved as a proposal, the live copy stays, each row is
// charged once (also when a dead worker's row is taken over), another workspace's listing or job is a 404,
// and the review accepts or rejects per section.
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { writtenListingIds } from "#app/features/jobs/jobs.server.ts";
import { getLedgerTotal, getWorkspaceBilling, grantBonusWords, reserveCredits } from "#app/features/billing/credits.server.ts";
import { handleFixCreate, handleFixGet } from "#app/features/fixes/fixes-api.server.ts";
import { fixJobOptions, type FixProgress } from "#app/features/fixes/fix-jobs.server.ts";
import { getOpenProposal, reviewProposal } from "#app/features/fixes/proposals.server.ts";
import { maxFixListings } from "#app/features/fixes/fix-request.ts";
import { claimRow, createJob, listJobs } from "#app/features/jobs/jobs.server.ts";
import { createListing, getListing, saveListingVersion, type ListingView } from "#app/features/listings/listings.server.ts";
import { emptyCopy, type ListingCopy } from "#app/features/listings/types.ts";
import { planListingFix } from "#app/features/listings/listing-fix.ts";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { readUntil } from "#tests/support/read-until.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

interface RealListing {
  id: string;
  marketplace: string;
  title: string;
  bullets: string[];
}
const real: RealListing[] = readFileSync(new URL("../fixtures/real-listings/listings.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as RealListing);
const liveCopy = (from: RealListing): ListingCopy => ({ ...emptyCopy(), title: from.title, bullets: from.bullets, description: "A sturdy product for everyday use. It is easy to clean and store.", searchTerms: "gift accessory" });
// amazon.com listings whose title breaks the 75-character rule and whose other sections pass.
const longTitled = real
  .filter((listing) => listing.marketplace === "amazon.com" && [...listing.title].length > 80 && [...listing.title].length < 200 && listing.bullets?.length === 5)
  .filter((listing) => planListingFix({ ruleSet: getRuleSet("amazon-2026-07")!, language: "en", brand: listing.title.split(/\s+/)[0]!, store: getMarketplace("amazon.com")!, copy: liveCopy(listing) }).sections.join() === "title,itemHighlights")
  .slice(0, 6);

describe.each(testDatabaseKinds)("fix jobs on %s", (kind) => {
  const { testDb, stub, config, runner, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 }, jobRunner: { concurrency: 4, heartbeatSeconds: 2, workerId: `fix-${kind}`, sweepEveryMs: 200 } });
  let ada: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    ada = await signUp();
    bob = await signUp();
    await grantBonusWords({ db: testDb.db, workspaceId: ada.workspaceId, words: 100_000, trialWords: config.billing.trialWords });
  });
  beforeEach(() => stub.reset());

  /** A listing as the import leaves it: its live copy saved as a version. */
  async function liveListing(owner: { id: string; workspaceId: string }, from: RealListing, copy: Partial<ListingCopy> = {}): Promise<ListingView> {
    const brand = from.title.split(/\s+/)[0]!;
    const listing = await createListing({ db: testDb.db, workspaceId: owner.workspaceId, userId: owner.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { brand, productName: from.title.slice(0, 120), productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" } });
    const saved = await saveListingVersion({ db: testDb.db, workspaceId: owner.workspaceId, listingId: listing.id, userId: owner.id, copy: { ...liveCopy(from), ...copy }, source: "imported" });
    return saved!.listing;
  }

  const ctx = (user: { id: string; user: { name: string; email: string } }, request: Request) => ({ request, user: { id: user.id, name: user.user.name, email: user.user.email }, locale: "en" as const, requestId: "test", db: testDb.db, config, runner });
  const post = (user: typeof ada, body: unknown) => handleFixCreate(ctx(user, new Request("http://localhost/api/fixes", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } })));
  const get = async (user: typeof ada, id: string) => handleFixGet({ ...ctx(user, new Request(`http://localhost/api/fixes/${id}`)), id });
  const progress = async (id: string) => ((await (await get(ada, id)).json()) as { fix: FixProgress }).fix;
  const finished = (id: string) => readUntil(() => progress(id), (fix) => fix.status === "completed", 15_000);
  const proposedVersions = (listingId: string) => testDb.db.selectFrom("listing_version").select(["version", "copy", "generationId"]).where("listingId", "=", listingId).where("source", "=", "proposed").execute();

  it("proposes a fix of each listing's failing sections, leaves the live copy as it is, and charges each row once", async () => {
    const listings = await Promise.all(longTitled.slice(0, 3).map((from) => liveListing(ada, from)));
    const usedBefore = (await getWorkspaceBilling({ db: testDb.db, workspaceId: ada.workspaceId, trialWords: config.billing.trialWords })).balance.used;
    const answer = await post(ada, { listingIds: listings.map((listing) => listing.id) });
    expect(answer.status).toBe(201);
    const { fix } = (await answer.json()) as { fix: FixProgress };
    expect(fix.total).toBe(3);
    // The jobs list carries the rule (none: chosen one by one), which the pages name the job from in the reader's language.
    expect((await listJobs({ db: testDb.db, workspaceId: ada.workspaceId })).find((job) => job.id === fix.id)).toMatchObject({ fileName: "fix 3", fix: { rule: null }, total: 3 });
    const done = await finished(fix.id);
    expect(done).toMatchObject({ done: 3, failed: 0, wordsReserved: 0 });
    for (const before of listings) {
      const after = (await getListing({ db: testDb.db, workspaceId: ada.workspaceId, id: before.id }))!;
      // The live copy is untouched: the proposal is a version of its own.
      expect(after.copy).toEqual(before.copy);
      expect(after.passed).toBe(before.passed);
      const proposals = await proposedVersions(before.id);
      expect(proposals).toHaveLength(1);
      const proposed = JSON.parse(proposals[0]!.copy) as ListingCopy;
      expect(proposed.title).not.toBe(before.copy.title);
      expect([...proposed.title].length).toBeLessThanOrEqual(75);
      expect(proposed.itemHighlights).not.toBe("");
      // Passing sections stay exactly as they were.
      expect(proposed.bullets).toEqual(before.copy.bullets);
      expect(proposed.description).toBe(before.copy.description);
      const open = (await getOpenProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: before.id }))!;
      expect(open.sections).toEqual(expect.arrayContaining(["title", "itemHighlights"]));
      expect(open.sections).not.toContain("bullets");
    }
    // The model was given the live title and what it breaks, and asked to keep the facts.
    const titlePrompts = stub.requests.map((request) => JSON.stringify(request.body)).filter((body) => body.includes("Section: title"));
    // The stub's titles are long: each listing's first try, then rewrites with what the last answer broke.
    expect(titlePrompts.filter((body) => !body.includes("Your last answer broke"))).toHaveLength(3);
    for (const body of titlePrompts) {
      expect(body).toContain("Live text:");
      expect(body).toContain("keep the facts, change only what breaks the rule");
      expect(body).toMatch(/75 characters/);
    }
    const highlightPrompts = stub.requests.map((request) => JSON.stringify(request.body)).filter((body) => body.includes("Section: itemHighlights"));
    expect(highlightPrompts.length).toBeGreaterThan(0);
    expect(highlightPrompts.filter((body) => !body.includes("cut from the title"))).toEqual([]);
    // Charged once per row, as any generation: words used = words the generations wrote = words the rows were charged.
    const generations = await testDb.db.selectFrom("generation").select(["words"]).where("workspaceId", "=", ada.workspaceId).where("status", "=", "succeeded").execute();
    const written = generations.reduce((sum, generation) => sum + Number(generation.words), 0);
    expect(generations).toHaveLength(3);
    expect(written).toBeGreaterThan(0);
    expect(done.wordsCharged).toBe(written);
    const billing = await getWorkspaceBilling({ db: testDb.db, workspaceId: ada.workspaceId, trialWords: config.billing.trialWords });
    expect(billing.balance.used - usedBefore).toBe(written);
    expect(await getLedgerTotal({ db: testDb.db, workspaceId: ada.workspaceId })).toBe(billing.balance.available);
  });

  it("fixes every listing that fails a rule, and only those", async () => {
    const long = await liveListing(ada, longTitled[3]!);
    const short = await liveListing(ada, longTitled[4]!, { title: `${longTitled[4]!.title.split(/\s+/).slice(0, 5).join(" ")}` });
    const answer = await post(ada, { listingIds: [long.id, short.id], rule: "title:too_long" });
    expect(answer.status).toBe(201);
    const { fix } = (await answer.json()) as { fix: FixProgress };
    expect(fix.rule).toBe("title:too_long");
    expect(fix.listings.map((row) => row.listingId)).toEqual([long.id]);
    await finished(fix.id);
    expect(await proposedVersions(short.id)).toHaveLength(0);
    // What the finished job offers to publish: the listings it wrote, in its own workspace only.
    expect(await writtenListingIds({ db: testDb.db, workspaceId: ada.workspaceId, jobId: fix.id })).toEqual([long.id]);
    expect(await writtenListingIds({ db: testDb.db, workspaceId: bob.workspaceId, jobId: fix.id })).toEqual([]);
    // The whole workspace: every listing with a too-long title that has no proposal yet is among them.
    const all = await post(ada, { rule: "title:too_long" });
    const everyFailing = ((await all.json()) as { fix: FixProgress }).fix;
    expect(everyFailing.listings.map((row) => row.listingId)).toContain(long.id);
    expect(everyFailing.listings.map((row) => row.listingId)).not.toContain(short.id);
    await finished(everyFailing.id);
  });

  it("answers a bad body with 400 and another workspace's listing or job with 404", async () => {
    const mine = await liveListing(ada, longTitled[5]!);
    for (const body of [{}, { rule: "title:no_such_rule" }, { listingIds: [] }, { listingIds: [mine.id], extra: 1 }]) {
      const answer = await post(ada, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "INVALID_INPUTS", requestId: "test" });
    }
    const notJson = await handleFixCreate(ctx(ada, new Request("http://localhost/api/fixes", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } })));
    expect(notJson.status).toBe(400);
    const across = await post(bob, { listingIds: [mine.id] });
    expect(across.status).toBe(404);
    expect(await across.json()).toMatchObject({ code: "NOT_FOUND" });
    // One of another workspace's among one's own: refused whole, no job made of the rest.
    const bobs = await liveListing(bob, longTitled[5]!);
    expect((await post(bob, { listingIds: [bobs.id, mine.id] })).status).toBe(404);
    expect(await listJobs({ db: testDb.db, workspaceId: bob.workspaceId })).toEqual([]);
    // More than one job holds (what /catalog's selection stops at) is a 400 naming listingIds.
    const tooMany = await post(bob, { listingIds: Array.from({ length: maxFixListings + 1 }, (_, n) => `listing-${n}`) });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: "INVALID_INPUTS", fieldErrors: { listingIds: expect.any(String) } });
    const started = ((await (await post(ada, { listingIds: [mine.id] })).json()) as { fix: FixProgress }).fix;
    expect((await get(bob, started.id)).status).toBe(404);
    await finished(started.id);
    expect(await proposedVersions(mine.id)).toHaveLength(1);
  });

  it("takes over a row whose worker died and still proposes and charges it once", async () => {
    const listings = await Promise.all([longTitled[0]!, longTitled[1]!].map((from) => liveListing(ada, from)));
    const generationsBefore = await testDb.db.selectFrom("generation").select("id").where("workspaceId", "=", ada.workspaceId).where("status", "=", "succeeded").execute();
    // The job made as POST /api/fixes makes it, but a worker on a server that then died claims its first row first.
    const options = await fixJobOptions({ db: testDb.db, workspaceId: ada.workspaceId, listings, rule: null });
    const rows = listings.map((listing, index) => ({ rowNumber: index + 1, listingId: listing.id, input: { facts: listing.facts, keywords: [], marketplace: listing.marketplace } }));
    const { jobId, toSend } = await createJob({ db: testDb.db, workspaceId: ada.workspaceId, userId: ada.id, fileName: "fix", options, rows, emptyRowsSkipped: 0 });
    const dead = await claimRow({ db: testDb.db, rowId: toSend[0]!.rowId, workerId: "dead-server", staleBefore: new Date(0) });
    expect(dead).toMatchObject({ attempt: 1 });
    await runner.enqueue(toSend);
    const done = await finished(jobId);
    expect(done).toMatchObject({ done: 2, failed: 0 });
    const taken = await testDb.db.selectFrom("job_row").select(["attempt", "claimedBy", "listingId"]).where("id", "=", toSend[0]!.rowId).executeTakeFirstOrThrow();
    expect(taken).toMatchObject({ attempt: 2, claimedBy: `fix-${kind}`, listingId: listings[0]!.id });
    const generationsAfter = await testDb.db.selectFrom("generation").select("id").where("workspaceId", "=", ada.workspaceId).where("status", "=", "succeeded").execute();
    expect(generationsAfter.length - generationsBefore.length).toBe(2);
    for (const listing of listings) {
      // One proposal per listing: nothing written twice, and the live copy as it was.
      expect(await proposedVersions(listing.id)).toHaveLength(1);
      expect((await getListing({ db: testDb.db, workspaceId: ada.workspaceId, id: listing.id }))!.copy).toEqual(listing.copy);
    }
    const billing = await getWorkspaceBilling({ db: testDb.db, workspaceId: ada.workspaceId, trialWords: config.billing.trialWords });
    expect(await getLedgerTotal({ db: testDb.db, workspaceId: ada.workspaceId })).toBe(billing.balance.available);
  });

  it("refuses with 402 without a row's words, and pauses when words run out mid-job, then resumes by itself", async () => {
    const carol = await signUp();
    const listings = await Promise.all([longTitled[0]!, longTitled[1]!, longTitled[2]!].map((from) => liveListing(carol, from)));
    const { balance } = await getWorkspaceBilling({ db: testDb.db, workspaceId: carol.workspaceId, trialWords: config.billing.trialWords });
    const options = await fixJobOptions({ db: testDb.db, workspaceId: carol.workspaceId, listings, rule: null });
    const perRow = runner.rowWords(options);
    // Something else holds every word: nothing starts.
    const all = await reserveCredits({ db: testDb.db, workspaceId: carol.workspaceId, words: balance.available, trialWords: config.billing.trialWords });
    expect(all.ok).toBe(true);
    const refused = await post(carol, { listingIds: listings.map((listing) => listing.id) });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: "NO_CREDITS" });
    // Now only one row's words (and a few) are free: the job pauses for words after it.
    await grantBonusWords({ db: testDb.db, workspaceId: carol.workspaceId, words: perRow + 10, trialWords: config.billing.trialWords });
    const { fix } = (await (await post(carol, { listingIds: listings.map((listing) => listing.id) })).json()) as { fix: FixProgress };
    const waiting = await readUntil(async () => ((await (await get(carol, fix.id)).json()) as { fix: FixProgress }).fix, (progress) => progress.status === "paused", 15_000);
    expect(waiting.pauseReason).toBe("words");
    expect(waiting.done).toBeLessThan(3);
    await grantBonusWords({ db: testDb.db, workspaceId: carol.workspaceId, words: 50_000, trialWords: config.billing.trialWords });
    const done = await readUntil(async () => ((await (await get(carol, fix.id)).json()) as { fix: FixProgress }).fix, (progress) => progress.status === "completed", 15_000);
    expect(done).toMatchObject({ done: 3, failed: 0 });
    for (const listing of listings) expect(await proposedVersions(listing.id)).toHaveLength(1);
  });

  it("accepts a section into a new live version and rejects another out of the proposal", async () => {
    const listing = await liveListing(ada, longTitled[2]!, { searchTerms: "best gift accessory" });
    const { fix } = (await (await post(ada, { listingIds: [listing.id] })).json()) as { fix: FixProgress };
    await finished(fix.id);
    const open = (await getOpenProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id }))!;
    expect(open.sections).toEqual(["title", "itemHighlights", "searchTerms"]);
    expect(await reviewProposal({ db: testDb.db, workspaceId: bob.workspaceId, listingId: listing.id, userId: bob.id, version: open.version, decision: "accept", sections: "all" })).toEqual({ status: "not_found" });
    const accepted = await reviewProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id, userId: ada.id, version: open.version, decision: "accept", sections: ["title"] });
    expect(accepted.status).toBe("done");
    const afterAccept = (await getListing({ db: testDb.db, workspaceId: ada.workspaceId, id: listing.id }))!;
    expect(afterAccept.copy).toEqual({ ...listing.copy, title: open.proposed.title });
    const stillOpen = (await getOpenProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id }))!;
    expect(stillOpen.sections).toEqual(["itemHighlights", "searchTerms"]);
    // A review of an older proposal version changes nothing.
    expect((await reviewProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id, userId: ada.id, version: open.version - 1, decision: "accept", sections: "all" })).status).toBe("stale");
    const rejected = await reviewProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id, userId: ada.id, version: stillOpen.version, decision: "reject", sections: ["searchTerms"] });
    expect(rejected.status === "done" && rejected.open?.sections).toEqual(["itemHighlights"]);
    expect((await getListing({ db: testDb.db, workspaceId: ada.workspaceId, id: listing.id }))!.copy.searchTerms).toBe("best gift accessory");
    const last = (await getOpenProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id }))!;
    const all = await reviewProposal({ db: testDb.db, workspaceId: ada.workspaceId, listingId: listing.id, userId: ada.id, version: last.version, decision: "accept", sections: "all" });
    expect(all).toEqual({ status: "done", open: undefined });
    const final = (await getListing({ db: testDb.db, workspaceId: ada.workspaceId, id: listing.id }))!;
    expect(final.copy).toEqual({ ...listing.copy, title: open.proposed.title, itemHighlights: open.proposed.itemHighlights });
    const sources = await testDb.db.selectFrom("listing_version").select(["version", "source"]).where("listingId", "=", listing.id).orderBy("version").execute();
    expect(sources.map((row) => row.source)).toEqual(["imported", "proposed", "edited", "proposed", "edited"]);
  });
});
