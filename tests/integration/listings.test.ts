// Listings (issue 15) against the stub provider over real HTTP + SSE, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: the lint → rewrite → safe-fix loop and what it saves, failures that
// save and charge nothing, one section alone, the offline writer, versions, and the HTTP contracts.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getLedgerTotal, getWorkspaceBilling, grantBonusWords } from "#app/features/billing/credits.server.ts";
import { reserveGenerationCredits } from "#app/features/generate/generation-credits.server.ts";
import { readListingStream, type ListingEvent } from "#app/features/listings/listing-events.ts";
import { reservedOutputs, runListingGeneration } from "#app/features/listings/listing-generation.server.ts";
import { getKeywordBank, setKeywordBank } from "#app/features/keywords/keyword-bank.server.ts";
import { lintCopy } from "#app/features/listings/listing-lint.ts";
import { setListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { handleListingCreate, handleListingExport, handleListingGenerate, handleListingLocalize, handleListingsList } from "#app/features/listings/listings-api.server.ts";
import { createListing, getListing, getListingVersion, listFamily, listListings, listListingVersions, restoreListingVersion, saveListingVersion, type ListingView } from "#app/features/listings/listings.server.ts";
import type { ListingFacts } from "#app/features/listings/types.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import type { SectionName } from "#app/features/rules/types.ts";
import { languageName, marketplaces } from "#app/features/marketplaces/registry.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import { createRateLimiter, type RateLimiter } from "#server/rate-limit.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { stubAiConfig, testDatabaseKinds } from "#tests/support/test-db.ts";

const facts: ListingFacts = {
  brand: "Acme",
  productName: "Bamboo Cutting Board Set",
  productType: "Cutting board",
  keyFeatures: "3 sizes\nDeep juice groove\nSolid bamboo, kind to knives",
  targetAudience: "Home cooks",
  wordsToAvoid: "cheap",
  tone: "Professional",
};

const goodBullets = [
  "Three sizes for every job: small for fruit, medium for bread and large for carving, so the right board is always at hand.",
  "Deep juice groove: catches juices from roasts and ripe tomatoes, so the counter stays dry while you slice.",
  "Solid bamboo: dense, hard-wearing bamboo that is kind to knife edges and does not soak up smells.",
  "Easy to care for: rinse with warm soapy water, dry upright and oil now and then to keep the grain smooth.",
  "Made for home cooks: light enough to lift with one hand and steady on the counter while you chop.",
];
const goodDescription = "The Acme Bamboo Cutting Board Set gives every kitchen job its own board.\n\nEach board is cut from solid bamboo with a deep juice groove.";
/** Distinct words, well over 249 bytes together. */
const longTerms = "kitchen carving platter charcuterie wooden prep boards meal vegetables fruit bread cheese meat slicing dicing mincing chef cook baker host housewarming wedding present gift anniversary birthday mother father grill barbecue picnic camping outdoor countertop drawer dishwasher handwash eco natural grain sturdy thick heavy".trim();
const section = (name: SectionName) => `Section: ${name}`;

describe.each(testDatabaseKinds)("listings on %s", (kind) => {
  const { testDb, stub, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 } });
  let user: { id: string; name: string; email: string };
  let other: { id: string; name: string; email: string };
  let workspaceId: string;

  beforeAll(async () => {
    ({ user, workspaceId } = await signUp({ firstName: "Ada" }));
    ({ user: other } = await signUp({ firstName: "Grace" }));
    // More than a trial holds: every test here writes whole listings.
    await grantBonusWords({ db: testDb.db, workspaceId, words: 200_000, trialWords: testDb.config.billing.trialWords });
  });
  beforeEach(() => stub.reset());

  const configFor = (provider: "openai-compatible" | "anthropic" | "offline"): AppConfig => stubAiConfig(testDb, stub.baseUrl, provider);

  const newListing = (workspace = workspaceId, ruleSetId = "amazon-2026-07") => createListing({ db: testDb.db, workspaceId: workspace, userId: user.id, marketplace: "amazon.com", ruleSetId, facts });

  async function write(listing: ListingView, { config = configFor("openai-compatible"), sections, signal = new AbortController().signal }: { config?: AppConfig; sections?: SectionName[]; signal?: AbortSignal } = {}) {
    const events: ListingEvent[] = [];
    const reservation = await reserveGenerationCredits({ db: testDb.db, config, workspaceId, outputs: reservedOutputs(sections ?? ["title", "itemHighlights", "bullets", "description", "searchTerms"]) });
    if (!reservation.ok) throw new Error("no words");
    const outcome = await runListingGeneration({ db: testDb.db, config, user, workspaceId, listing, sections, signal, requestId: "req-listing", locale: "en", emit: (event) => events.push(event), hooks: reservation.credits.hooks });
    return { events, outcome };
  }

  describe.each(["openai-compatible", "anthropic"] as const)("through %s", (provider) => {
    it("rewrites sections that break a rule with the violations given back, applies the safe fixes, and saves what still fails with its violations", async () => {
      const listing = await newListing();
      stub.enqueue(
        // Title: too long → still a banned "!" → the same again, then the safe fix drops it.
        { when: section("title"), text: "Acme Bamboo Cutting Board Set with Deep Juice Groove, Three Sizes for Every Kitchen Job, Large Medium and Small" },
        { when: section("title"), text: "Acme Bamboo Cutting Board Set, 3 Sizes, Juice Groove!" },
        { when: section("title"), text: "Acme Bamboo Cutting Board Set, 3 Sizes, Juice Groove!" },
        { when: section("itemHighlights"), text: "3 sizes, deep juice groove, solid bamboo, kind to knives" },
        // Bullets: a price in the second, fixed by the rewrite.
        { when: section("bullets"), text: goodBullets.map((bullet, i) => (i === 1 ? `${bullet} Only $19.99 today.` : bullet)).join("\n") },
        { when: section("bullets"), text: goodBullets.join("\n\n") },
        { when: section("description"), text: goodDescription },
        // Search terms: the brand three times (no fix removes a brand), repeats and over 249 bytes.
        ...[1, 2, 3].map(() => ({ when: section("searchTerms"), text: `acme chopping board chopping board serving tray butcher block ${longTerms}` })),
      );
      const config = provider === "anthropic" ? configFor("anthropic") : configFor("openai-compatible");
      const { events, outcome } = await write(listing, { config });
      expect(outcome.status).toBe("succeeded");

      const rewrites = events.filter((event) => event.type === "rewrite");
      expect(rewrites.filter((event) => event.section === "title").map((event) => event.type === "rewrite" && event.codes)).toEqual([["too_long"], ["banned_character"]]);
      expect(rewrites.filter((event) => event.section === "bullets")).toEqual([{ type: "rewrite", section: "bullets", attempt: 1, codes: ["price_or_shipping"] }]);
      expect(rewrites.filter((event) => event.section === "searchTerms")).toHaveLength(2);
      // The rewrite told the model what it broke, and showed it its last answer.
      const titleRequests = stub.requests.filter((request) => JSON.stringify(request.body).includes(section("title")));
      expect(titleRequests).toHaveLength(3);
      expect(JSON.stringify(titleRequests[1]!.body)).toContain("Your last answer broke these rules");
      expect(JSON.stringify(titleRequests[1]!.body)).toContain("Too long: 111 of at most 75");

      const finished = Object.fromEntries(events.flatMap((event) => (event.type === "section" ? [[event.section, event]] : [])));
      expect(finished.title).toMatchObject({ content: "Acme Bamboo Cutting Board Set, 3 Sizes, Juice Groove", fixes: ["banned_characters_dropped"] });
      expect(finished.bullets).toMatchObject({ content: goodBullets, fixes: [] });
      expect(finished.searchTerms?.fixes).toEqual(["repeated_words_removed", "search_terms_trimmed"]);

      const done = events.at(-1)!;
      expect(done).toMatchObject({ type: "done", listingId: listing.id, version: 1, passed: false });
      const saved = (await getListing({ db: testDb.db, workspaceId, id: listing.id }))!;
      expect(saved.version).toBe(1);
      expect(saved.passed).toBe(false);
      expect(saved.copy.title).toBe("Acme Bamboo Cutting Board Set, 3 Sizes, Juice Groove");
      expect(new Set(saved.copy.searchTerms.split(" ")).size).toBe(saved.copy.searchTerms.split(" ").length);
      expect(new TextEncoder().encode(saved.copy.searchTerms).length).toBeLessThanOrEqual(249);
      // What still fails is the brand in the search terms, shown, not hidden.
      const report = lintCopy({ ruleSet: getRuleSet("amazon-2026-07")!, language: "en", brand: facts.brand, copy: saved.copy });
      expect(report.sections.searchTerms?.violations.map((violation) => violation.code)).toEqual(["brand_in_search_terms"]);
      expect(report.sections.title?.violations.filter((violation) => violation.severity === "error")).toEqual([]);
      const versions = await listListingVersions({ db: testDb.db, workspaceId, listingId: listing.id });
      expect(versions).toMatchObject([{ version: 1, source: "generated", passed: false }]);
    });
  });

  it("charges the words written, and a failed or stopped generation saves and charges nothing", async () => {
    const config = configFor("openai-compatible");
    const before = await getLedgerTotal({ db: testDb.db, workspaceId });
    const listing = await newListing();
    stub.enqueue({ when: section("description"), status: 401 });
    const failed = await write(listing, { config });
    expect(failed.outcome).toMatchObject({ status: "failed", code: "provider_config" });
    expect(failed.events.at(-1)).toMatchObject({ type: "error", code: "provider_config" });
    expect((await getListing({ db: testDb.db, workspaceId, id: listing.id }))!.version).toBe(0);
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(before);

    stub.enqueue({ when: section("bullets"), hang: true });
    const stop = new AbortController();
    const stopped = write(listing, { config, signal: stop.signal });
    // Stopped once the hanging section's request has reached the stub (a fixed wait was too short on a busy
    // machine: the hang stayed queued and took the next write's request).
    const hangArrived = () => stub.requests.some((request) => JSON.stringify(request.body).includes(section("bullets")));
    for (const deadline = Date.now() + 10_000; !hangArrived() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hangArrived()).toBe(true);
    stop.abort();
    expect((await stopped).outcome).toMatchObject({ status: "cancelled" });
    expect((await getListing({ db: testDb.db, workspaceId, id: listing.id }))!.version).toBe(0);
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(before);

    const ok = await write(listing, { config });
    expect(ok.outcome.status).toBe("succeeded");
    const generation = await testDb.db.selectFrom("generation").selectAll().where("id", "=", ok.outcome.generationId).executeTakeFirstOrThrow();
    expect(generation).toMatchObject({ status: "succeeded", kind: "listing", templateId: null });
    expect(generation.words).toBeGreaterThan(30);
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(before - generation.words);
  });

  it("writes one section alone and keeps the others as they were", async () => {
    const config = configFor("openai-compatible");
    const listing = await newListing();
    await write(listing, { config });
    const first = (await getListing({ db: testDb.db, workspaceId, id: listing.id }))!;
    stub.reset();
    stub.enqueue({ when: section("description"), text: "A new description of the bamboo boards.\n\nStill solid bamboo." });
    const { events, outcome } = await write(first, { config, sections: ["description"] });
    expect(outcome).toMatchObject({ status: "succeeded", version: 2 });
    expect(stub.requests).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "start", sections: ["description"] });
    const second = (await getListing({ db: testDb.db, workspaceId, id: listing.id }))!;
    expect(second.copy).toEqual({ ...first.copy, description: "A new description of the bamboo boards.\n\nStill solid bamboo." });
  });

  it.each(["amazon-2026-07", "amazon-2025-01"])("has the offline writer write a listing that passes %s", async (ruleSetId) => {
    const listing = await newListing(workspaceId, ruleSetId);
    const { events, outcome } = await write(listing, { config: configFor("offline") });
    expect(outcome).toMatchObject({ status: "succeeded", passed: true });
    expect(events[0]).toMatchObject({ type: "start", offline: true, sections: ruleSetId === "amazon-2026-07" ? ["title", "itemHighlights", "bullets", "description", "searchTerms"] : ["title", "bullets", "description", "searchTerms"] });
    const saved = (await getListing({ db: testDb.db, workspaceId, id: listing.id }))!;
    expect(saved.copy.bullets.length).toBeGreaterThanOrEqual(3);
    expect(saved.copy.title.length).toBeLessThanOrEqual(ruleSetId === "amazon-2026-07" ? 75 : 200);
    expect(`${saved.copy.title} ${saved.copy.description}`.toLowerCase()).not.toMatch(/\bcheap\b/);
  });

  it("asks for every store's language and its conventions in the prompt, for each language a store takes", async () => {
    const prompts = new Map<string, string>();
    for (const store of marketplaces) {
      for (const language of store.languages) {
        const listing = await createListing({ db: testDb.db, workspaceId, userId: user.id, marketplace: store.id, ruleSetId: store.ruleSetId, facts, languageTag: language.tag });
        stub.reset();
        stub.enqueue({ when: section("title"), text: "Acme Bamboo Board Set, 3 Sizes" });
        const { outcome } = await write(listing, { sections: ["title"] });
        expect(outcome.status, `${store.id} ${language.tag}`).toBe("succeeded");
        const body = JSON.stringify(stub.requests.at(-1)!.body);
        expect(body, `${store.id} ${language.tag}`).toContain(`Write in ${languageName(language.language)}, natively`);
        expect(body, `${store.id} ${language.tag}`).toContain(`(${language.tag}): spelling, idiom and units`);
        prompts.set(`${store.id} ${language.tag}`, body);
      }
    }
    expect(prompts.size).toBeGreaterThanOrEqual(24);
    expect(prompts.get("amazon.de de_DE")).toContain("decimals written 1,5; metric units first");
    expect(prompts.get("amazon.com en_US")).toContain("decimals written 1.5; US customary units first");
    expect(prompts.get("amazon.co.uk en_GB")).toContain("British English (en_GB)");
    expect(prompts.get("amazon.ca fr_CA")).toContain("Canadian French (fr_CA)");
    expect(prompts.get("amazon.sa en_AE")).toContain("the store's country (Saudi Arabia)");
  });

  it("marks a listing the offline writer wrote in English for a store whose language it does not write, until a provider writes it natively", async () => {
    const japanese = await createListing({ db: testDb.db, workspaceId, userId: user.id, marketplace: "amazon.co.jp", ruleSetId: "amazon-2026-07", facts });
    expect(japanese.writtenIn).toBeNull();
    await write(japanese, { config: configFor("offline") });
    const offline = (await getListing({ db: testDb.db, workspaceId, id: japanese.id }))!;
    expect(offline).toMatchObject({ writtenIn: "en", language: { language: "ja" } });
    expect(offline.copy.title).toMatch(/[A-Za-z]{4}/);
    // An edit keeps the mark; the same store written by a provider clears it.
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: japanese.id, userId: user.id, copy: { ...offline.copy, description: `${offline.copy.description} ` }, source: "edited" });
    expect((await getListing({ db: testDb.db, workspaceId, id: japanese.id }))!.writtenIn).toBe("en");
    stub.enqueue({ when: section("title"), text: "Acme 竹製 まな板 3枚セット 食洗機対応" });
    await write((await getListing({ db: testDb.db, workspaceId, id: japanese.id }))!, { sections: ["title"] });
    expect((await getListing({ db: testDb.db, workspaceId, id: japanese.id }))!.writtenIn).toBeNull();
    // A language the offline writer writes is never marked.
    const spanish = await createListing({ db: testDb.db, workspaceId, userId: user.id, marketplace: "amazon.es", ruleSetId: "amazon-2026-07", facts });
    await write(spanish, { config: configFor("offline") });
    expect((await getListing({ db: testDb.db, workspaceId, id: spanish.id }))!.writtenIn).toBeNull();
    const listed = (await listListings({ db: testDb.db, workspaceId })).items;
    expect(listed.find((item) => item.id === japanese.id)).toMatchObject({ writtenIn: null });
  });

  it("keeps every save as a version, restores an older one as the newest, and lists, searches and pages listings of the workspace only", async () => {
    const listing = await newListing();
    const copy = { title: "Acme Bamboo Cutting Board Set, 3 Sizes with Juice Groove", itemHighlights: "3 sizes, juice groove", bullets: goodBullets.slice(0, 3), description: goodDescription, searchTerms: "chopping board serving tray" };
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, userId: user.id, copy, source: "edited" });
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, userId: user.id, copy: { ...copy, title: "Acme Bamboo Board BEST DEAL" }, source: "edited" });
    expect((await getListing({ db: testDb.db, workspaceId, id: listing.id }))!.passed).toBe(false);
    const restored = await restoreListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, version: 1, userId: user.id });
    expect(restored?.listing).toMatchObject({ version: 3, passed: true, copy });
    expect((await listListingVersions({ db: testDb.db, workspaceId, listingId: listing.id })).map((version) => [version.version, version.source, version.createdByName])).toEqual([
      [3, "restored", "Ada Test"],
      [2, "edited", "Ada Test"],
      [1, "edited", "Ada Test"],
    ]);
    expect((await getListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, version: 2 }))?.copy.title).toBe("Acme Bamboo Board BEST DEAL");

    // Another workspace sees none of it.
    const { workspaceId: otherWorkspace } = await getActiveMembership({ db: testDb.db, user: other });
    expect(await getListing({ db: testDb.db, workspaceId: otherWorkspace, id: listing.id })).toBeUndefined();
    expect(await listListingVersions({ db: testDb.db, workspaceId: otherWorkspace, listingId: listing.id })).toEqual([]);
    expect(await restoreListingVersion({ db: testDb.db, workspaceId: otherWorkspace, listingId: listing.id, version: 1, userId: other.id })).toBeUndefined();
    expect((await listListings({ db: testDb.db, workspaceId: otherWorkspace })).items).toEqual([]);

    // Newest first, in keyset pages, and found by brand, product or title words.
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) await createListing({ db: testDb.db, workspaceId: otherWorkspace, userId: other.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { ...facts, brand: "Globex", productName: `Yoga Mat ${i}` }, now: new Date(base + i * 1000) });
    const first = await listListings({ db: testDb.db, workspaceId: otherWorkspace, limit: 2 });
    expect(first.items.map((item) => item.productName)).toEqual(["Yoga Mat 4", "Yoga Mat 3"]);
    const second = await listListings({ db: testDb.db, workspaceId: otherWorkspace, limit: 2, cursor: first.nextCursor });
    const third = await listListings({ db: testDb.db, workspaceId: otherWorkspace, limit: 2, cursor: second.nextCursor });
    expect([...second.items, ...third.items].map((item) => item.productName)).toEqual(["Yoga Mat 2", "Yoga Mat 1", "Yoga Mat 0"]);
    expect(third.nextCursor).toBeNull();
    expect((await listListings({ db: testDb.db, workspaceId: otherWorkspace, q: "globex mat 3" })).items.map((item) => item.productName)).toEqual(["Yoga Mat 3"]);
    expect((await listListings({ db: testDb.db, workspaceId: otherWorkspace, q: "50%_" })).items).toEqual([]);
  });

  describe("over HTTP", () => {
    let limiter: RateLimiter;
    beforeAll(() => {
      limiter = createRateLimiter(testDb.db);
    });
    const context = (request: Request, who = user) => ({ request, user: who, locale: "en" as const, requestId: "req-http", db: testDb.db });
    const post = (path: string, body: unknown) => new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

    it("creates a listing (201), refusing an unknown marketplace and bad facts with 400s that name them", async () => {
      const created = await handleListingCreate(context(post("/api/listings", { marketplace: "amazon.com", facts })));
      expect(created.status).toBe(201);
      const { listing } = (await created.json()) as { listing: ListingView };
      expect(listing).toMatchObject({ marketplace: "amazon.com", ruleSetId: "amazon-2026-07", version: 0, facts });
      const unknown = await handleListingCreate(context(post("/api/listings", { marketplace: "amazon.moon", facts })));
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ code: "UNKNOWN_MARKETPLACE", error: expect.stringContaining("amazon.moon") });
      const bad = await handleListingCreate(context(post("/api/listings", { facts: { ...facts, brand: "", productName: "x".repeat(201) } })));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ brand: "This is needed to write the listing.", productName: "At most 200 characters." });
      const listed = (await (await handleListingsList(context(new Request("http://localhost/api/listings?q=bamboo")))).json()) as { items: { id: string }[] };
      expect(listed.items.map((item) => item.id)).toContain(listing.id);
    });

    it("uses the workspace's rule set and first store for new listings, and its other brands in the lint", async () => {
      await setListingSettings({ db: testDb.db, workspaceId, ruleSetId: "amazon-2025-01", otherBrands: ["Globex"], marketplaces: ["amazon.de", "amazon.com"] });
      try {
        const { listing } = (await (await handleListingCreate(context(post("/api/listings", { facts })))).json()) as { listing: ListingView };
        expect(listing).toMatchObject({ ruleSetId: "amazon-2025-01", marketplace: "amazon.de" });
        // A store reported exempt from the short titles keeps January 2025's whatever the workspace chose.
        await setListingSettings({ db: testDb.db, workspaceId, ruleSetId: "amazon-2026-07" });
        const saudi = (await (await handleListingCreate(context(post("/api/listings", { marketplace: "amazon.sa", facts })))).json()) as { listing: ListingView };
        expect(saudi.listing.ruleSetId).toBe("amazon-2025-01");
        await setListingSettings({ db: testDb.db, workspaceId, ruleSetId: "amazon-2025-01" });
        const saved = await saveListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, userId: user.id, copy: { title: "Acme Bamboo Cutting Board Set", itemHighlights: "", bullets: goodBullets.slice(0, 3), description: goodDescription, searchTerms: "globex chopping board" }, source: "edited" });
        expect(saved?.listing.passed).toBe(false);
      } finally {
        await setListingSettings({ db: testDb.db, workspaceId, ruleSetId: "amazon-2026-07", otherBrands: [], marketplaces: ["amazon.com"] });
      }
    });

    it("streams a generation, and answers another workspace's listing with a 404", async () => {
      const listing = await newListing();
      const config = configFor("offline");
      const response = await handleListingGenerate({ ...context(post(`/api/listings/${listing.id}/generate`, {})), config, limiter, id: listing.id });
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const types: string[] = [];
      const last = await readListingStream(response, (event) => types.push(event.type));
      expect(last).toMatchObject({ type: "done", version: 1, passed: true });
      expect(types[0]).toBe("start");
      expect(types.filter((type) => type === "section")).toHaveLength(5);
      const foreign = await handleListingGenerate({ ...context(post(`/api/listings/${listing.id}/generate`, {}), other), config, limiter, id: listing.id });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toMatchObject({ code: "NOT_FOUND", error: "There is no such listing in this workspace." });
      const badSections = await handleListingGenerate({ ...context(post(`/api/listings/${listing.id}/generate`, { sections: ["tagline"] })), config, limiter, id: listing.id });
      expect(badSections.status).toBe(400);
    });

    it("exports a passing listing as a flat file or Listings-API JSON, and refuses a failing one with its violations unless forced", async () => {
      const listing = await newListing();
      await saveListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, userId: user.id, copy: { title: "Acme Bamboo Cutting Board Set, 3 Sizes", itemHighlights: "3 sizes, juice groove", bullets: goodBullets, description: goodDescription, searchTerms: "chopping board serving tray" }, source: "edited" });
      const flat = await handleListingExport({ ...context(new Request(`http://localhost/api/listings/${listing.id}/export?format=flatfile`)), id: listing.id });
      expect(flat.status).toBe(200);
      expect(flat.headers.get("content-type")).toBe("text/tab-separated-values; charset=utf-8");
      expect(flat.headers.get("content-disposition")).toBe('attachment; filename="bamboo-cutting-board-set-v1.tsv"');
      const [header, row] = (await flat.text()).split("\n");
      expect(header).toBe("item_name\tbrand_name\titem_highlights\tbullet_point1\tbullet_point2\tbullet_point3\tbullet_point4\tbullet_point5\tproduct_description\tgeneric_keywords");
      expect(row!.split("\t")[0]).toBe("Acme Bamboo Cutting Board Set, 3 Sizes");
      const json = (await (await handleListingExport({ ...context(new Request(`http://localhost/api/listings/${listing.id}/export?format=json`)), id: listing.id })).json()) as { attributes: Record<string, { value: string; language_tag: string; marketplace_id: string }[]> };
      expect(json.attributes.item_name).toEqual([{ value: "Acme Bamboo Cutting Board Set, 3 Sizes", language_tag: "en_US", marketplace_id: "ATVPDKIKX0DER" }]);
      expect(json.attributes.bullet_point).toHaveLength(5);

      await saveListingVersion({ db: testDb.db, workspaceId, listingId: listing.id, userId: user.id, copy: { title: "Acme Bamboo Board – Free Shipping!", itemHighlights: "", bullets: goodBullets, description: goodDescription, searchTerms: "acme board" }, source: "edited" });
      const refused = await handleListingExport({ ...context(new Request(`http://localhost/api/listings/${listing.id}/export?format=flatfile`)), id: listing.id });
      expect(refused.status).toBe(409);
      const body = (await refused.json()) as { code: string; violations: { section: string; code: string; severity: string; message: string; start: number; end: number }[] };
      expect(body.code).toBe("LISTING_FAILS_RULES");
      expect(body.violations.map((violation) => `${violation.section}:${violation.code}`)).toEqual(expect.arrayContaining(["title:price_or_shipping", "title:banned_character", "searchTerms:brand_in_search_terms"]));
      expect(body.violations.find((violation) => violation.code === "price_or_shipping")).toMatchObject({ severity: "error", start: 20, end: 33, message: expect.stringContaining("Free Shipping") });
      const forced = await handleListingExport({ ...context(new Request(`http://localhost/api/listings/${listing.id}/export?format=flatfile&force=1`)), id: listing.id });
      expect(forced.status).toBe(200);
      const foreign = await handleListingExport({ ...context(new Request(`http://localhost/api/listings/${listing.id}/export?format=json`), other), id: listing.id });
      expect(foreign.status).toBe(404);
      const badFormat = await handleListingExport({ ...context(new Request(`http://localhost/api/listings/${listing.id}/export?format=xlsx`)), id: listing.id });
      expect(badFormat.status).toBe(400);
      expect(await badFormat.json()).toMatchObject({ code: "INVALID_QUERY", fieldErrors: { format: "Choose flatfile or json." } });
    });
  });

  it("keeps a listing's keyword bank, merged by phrase with the higher volume, for its workspace only", async () => {
    const listing = await newListing();
    const saved = await setKeywordBank({ db: testDb.db, workspaceId, listingId: listing.id, keywords: [{ phrase: "bamboo board", volume: 100 }, { phrase: "Bamboo  Board", volume: 900 }, { phrase: "butcher block", volume: null }] });
    expect(saved).toEqual([{ phrase: "bamboo board", volume: 900 }, { phrase: "butcher block", volume: null }]);
    expect(await getKeywordBank({ db: testDb.db, workspaceId, listingId: listing.id })).toEqual(saved);
    expect((await getListing({ db: testDb.db, workspaceId, id: listing.id }))?.keywords).toEqual(saved);
    const { workspaceId: otherWorkspace } = await getActiveMembership({ db: testDb.db, user: other });
    expect(await setKeywordBank({ db: testDb.db, workspaceId: otherWorkspace, listingId: listing.id, keywords: [] })).toBeUndefined();
    expect(await getKeywordBank({ db: testDb.db, workspaceId: otherWorkspace, listingId: listing.id })).toBeUndefined();
    // The bank reaches the model: the title's prompt lists its highest-volume phrases.
    stub.enqueue({ when: section("title"), text: "Acme Bamboo Board Set, 3 Sizes" });
    await write((await getListing({ db: testDb.db, workspaceId, id: listing.id }))!, { config: configFor("openai-compatible"), sections: ["title"] });
    expect(JSON.stringify(stub.requests[0]!.body)).toContain("- bamboo board (900 searches)");
  });

  it("creates the same product for another store as a sibling, written from the finished source, not translated", async () => {
    const source = await newListing();
    await write(source, { config: configFor("offline") });
    const localize = (id: string, body: unknown, who = user) =>
      handleListingLocalize({ request: new Request(`http://localhost/api/listings/${id}/localize`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), user: who, locale: "en", requestId: "req-l10n", db: testDb.db, id });
    const created = await localize(source.id, { marketplace: "amazon.de", keywords: [{ phrase: "schneidebrett bambus", volume: 8100 }] });
    expect(created.status).toBe(201);
    const { listing: sibling } = (await created.json()) as { listing: ListingView };
    expect(sibling).toMatchObject({ marketplace: "amazon.de", version: 0, facts, familyId: source.id, keywords: [{ phrase: "schneidebrett bambus", volume: 8100 }] });
    expect((await getListing({ db: testDb.db, workspaceId, id: source.id }))?.familyId).toBe(source.id);
    expect((await listFamily({ db: testDb.db, workspaceId, familyId: source.id })).map((member) => member.marketplace)).toEqual(["amazon.com", "amazon.de"]);

    stub.reset();
    stub.enqueue({ when: section("title"), text: "Acme Schneidebrett-Set aus Bambus, 3 Größen mit Saftrille" });
    await write(sibling, { sections: ["title"] });
    const prompt = JSON.stringify(stub.requests[0]!.body);
    expect(prompt).toContain("Write in German");
    expect(prompt).toContain("The same product's listing on amazon.com (English), for reference only");
    expect(prompt).toContain((await getListing({ db: testDb.db, workspaceId, id: source.id }))!.copy.title);
    expect(prompt).toContain("do not translate it word for word");
    expect(prompt).toContain("schneidebrett bambus (8100 searches)");

    expect((await localize(source.id, { marketplace: "amazon.com" })).status).toBe(400);
    expect((await localize(source.id, { marketplace: "amazon.xx" })).status).toBe(400);
    expect((await localize(source.id, { marketplace: "amazon.fr" }, other)).status).toBe(404);
  });

  it("keeps the ledger balanced after all of it", async () => {
    const billing = await getWorkspaceBilling({ db: testDb.db, workspaceId, trialWords: testDb.config.billing.trialWords });
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(billing.balance.available);
  });
});
