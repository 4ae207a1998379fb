// The catalog audit (issue 33 item 5) on SQLite and (with TEST_DATABASE_URL) PostgreSQL: a saved version is
// audited with it, auditListings stores scores and findings, the page's filters, sorts and keyset pages, the
// CSV export, health points and "Run audit" (in the request, or in slices with progress), another
// workspace's listings never seen, and a large audit that leaves the event loop free.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { auditListings, getRunningAudit, recordCatalogHealth, runCatalogAudit } from "#app/features/catalog/audit.server.ts";
import { catalogTotals, exportCatalogCsv, getCatalogHealthSummary, listCatalogPage, listHealthPoints } from "#app/features/catalog/catalog.server.ts";
import { catalogFilterSchema, type CatalogFilter } from "#app/features/catalog/types.ts";
import { setKeywordBank } from "#app/features/keywords/keyword-bank.server.ts";
import { createListing, saveListingVersion, saveProposedVersion } from "#app/features/listings/listings.server.ts";
import type { ListingCopy, ListingFacts } from "#app/features/listings/types.ts";
import { InvalidCursorError } from "#app/lib/cursor.ts";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const facts: ListingFacts = { brand: "Acme", productName: "Bamboo Cutting Board Set", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" };
const bullets = [
  "Three sizes for every job: small for fruit, medium for bread and large for carving, so the right board is always at hand.",
  "Deep juice groove: catches juices from roasts and ripe tomatoes, so the counter stays dry while you slice.",
  "Solid bamboo: dense, hard-wearing bamboo that is kind to knife edges and does not soak up smells.",
];
const passing: ListingCopy = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes, Deep Juice Groove",
  itemHighlights: "Three sizes, deep juice groove, solid bamboo that is kind to knives",
  bullets,
  description: "The Acme Bamboo Cutting Board Set gives every kitchen job its own board.",
  searchTerms: "chopping block butcher serving tray",
};
const longTitle = "Acme Bamboo Cutting Board Set with Deep Juice Groove, Three Sizes for Every Kitchen Job";
const filter = (given: Record<string, string> = {}): CatalogFilter => catalogFilterSchema.parse(given);

describe.each(testDatabaseKinds)("catalog audit on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);
  let userId: string;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let otherUserId: string;
  const ids: Record<string, string> = {};

  const newListing = async (name: string, copy: ListingCopy | null, { marketplace = "amazon.com", workspace = workspaceId, user = userId } = {}) => {
    const listing = await createListing({ db: testDb.db, workspaceId: workspace, userId: user, marketplace, ruleSetId: "amazon-2026-07", facts: { ...facts, productName: name } });
    if (copy) await saveListingVersion({ db: testDb.db, workspaceId: workspace, listingId: listing.id, userId: user, copy, source: "edited" });
    return listing.id;
  };

  beforeAll(async () => {
    ({ user: { id: userId }, workspaceId } = await signUp({ firstName: "Ada" }));
    ({ user: { id: otherUserId }, workspaceId: otherWorkspaceId } = await signUp({ firstName: "Grace" }));
    ids.good = await newListing("Good", passing);
    ids.long = await newListing("Long", { ...passing, title: longTitle });
    ids.de = await newListing("German", { ...passing, title: "Acme Bambus Schneidebrett Set", searchTerms: "" }, { marketplace: "amazon.de" });
    ids.draft = await newListing("Draft", null);
    // Imported from Amazon with Amazon's own error, then edited once since (version 2 > importedVersion 1).
    ids.imported = await newListing("Imported", passing);
    await testDb.db
      .updateTable("listing")
      .set({ importedVersion: 1, importedAt: "2026-08-01T10:00:00.000Z", amazonIssues: JSON.stringify([{ code: "90220", message: "item_name is required", severity: "ERROR" }]) })
      .where("id", "=", ids.imported)
      .execute();
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: ids.imported, userId, copy: { ...passing, description: "Edited here." }, source: "edited" });
    ids.other = await newListing("Someone else's", { ...passing, title: longTitle }, { workspace: otherWorkspaceId, user: otherUserId });
  });

  it("audits a listing when a version is saved (the hook in saveListingVersion)", async () => {
    const audit = await testDb.db.selectFrom("listing_audit").selectAll().where("listingId", "=", ids.long!).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ workspaceId, score: 75, errors: 1, warnings: 0, missing: 0, marketplace: "amazon.com", title: longTitle, version: 1 });
    const findings = await testDb.db.selectFrom("listing_finding").select(["source", "code", "severity", "count"]).where("listingId", "=", ids.long!).execute();
    expect(findings).toEqual([{ source: "lint", code: "too_long", severity: "error", count: 1 }]);
    // A save that fixes it re-audits: the finding is gone.
    const fixed = await newListing("Fixed later", { ...passing, title: longTitle });
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: fixed, userId, copy: passing, source: "edited" });
    expect(await testDb.db.selectFrom("listing_audit").select(["score", "version"]).where("listingId", "=", fixed).executeTakeFirstOrThrow()).toEqual({ score: 100, version: 2 });
    expect(await testDb.db.selectFrom("listing_finding").select("code").where("listingId", "=", fixed).execute()).toEqual([]);
    await testDb.db.deleteFrom("listing").where("id", "=", fixed).execute();
    expect(await testDb.db.selectFrom("listing_audit").select("score").where("listingId", "=", fixed).executeTakeFirst()).toBeUndefined();
  });

  it("auditListings audits every listing of the workspace (drafts, keyword banks, Amazon's issues), never another workspace's", async () => {
    await setKeywordBank({ db: testDb.db, workspaceId, listingId: ids.good!, keywords: [{ phrase: "bamboo cutting board", volume: 100 }, { phrase: "wooden spoon", volume: 300 }] });
    expect(await auditListings({ db: testDb.db }, workspaceId)).toEqual({ audited: 5 });
    const rows = await testDb.db.selectFrom("listing_audit").select(["listingId", "score", "errors", "warnings", "missing", "coverage"]).where("workspaceId", "=", workspaceId).execute();
    const byId = new Map(rows.map((row) => [row.listingId, row]));
    expect(byId.get(ids.good!)).toMatchObject({ score: 93, errors: 0, coverage: 25 });
    expect(byId.get(ids.draft!)).toMatchObject({ score: 30, errors: 2, missing: 5, coverage: null });
    expect(byId.get(ids.imported!)).toMatchObject({ score: 75, errors: 1 });
    expect(byId.get(ids.de!)).toMatchObject({ missing: 1 });
    expect(rows).toHaveLength(5);
    // Another workspace's id is not this workspace's to audit.
    expect(await auditListings({ db: testDb.db }, workspaceId, [ids.other!])).toEqual({ audited: 0 });
    expect(await testDb.db.selectFrom("listing_audit").select("workspaceId").where("listingId", "=", ids.other!).executeTakeFirstOrThrow()).toEqual({ workspaceId: otherWorkspaceId });
  });

  it("totals the catalog by severity, rule, store and source (ours beside Amazon's)", async () => {
    const totals = await catalogTotals({ db: testDb.db, workspaceId });
    expect(totals).toMatchObject({ listings: 5, audited: 5, failing: 3, bySeverity: { error: 3, warning: 0 }, bySource: { lint: 2, amazon: 1 } });
    expect(totals.byRule).toContainEqual({ source: "lint", code: "too_long", severity: "error", listings: 1 });
    expect(totals.byRule).toContainEqual({ source: "amazon", code: "90220", severity: "error", listings: 1 });
    expect(totals.byRule).toContainEqual({ source: "missing", code: "searchTerms", severity: "warning", listings: 2 });
    expect(totals.byStore).toEqual([
      { marketplace: "amazon.com", listings: 4, failing: 3 },
      { marketplace: "amazon.de", listings: 1, failing: 0 },
    ]);
    const summary = await getCatalogHealthSummary({ db: testDb.db, workspaceId });
    expect(summary.topRules).toHaveLength(3);
    expect(summary.topRules[0]).toMatchObject({ listings: 2 });
  });

  it("keeps the totals it counted until an audit is stored or a listing comes or goes, then counts them again", async () => {
    const before = await catalogTotals({ db: testDb.db, workspaceId });
    // Kept: a change made behind the audit's back (no store of audits, same listings) is not counted again.
    await testDb.db.updateTable("listing_audit").set({ errors: 0 }).where("listingId", "=", ids.long!).execute();
    expect(await catalogTotals({ db: testDb.db, workspaceId })).toEqual(before);
    await auditListings({ db: testDb.db }, workspaceId, [ids.long!]);
    expect(await catalogTotals({ db: testDb.db, workspaceId })).toEqual(before);
    // A new listing (the count moves) failing one rule; then a save that fixes it (the revision moves).
    const extra = await newListing("Counted again", { ...passing, title: longTitle });
    const added = await catalogTotals({ db: testDb.db, workspaceId });
    expect(added).toMatchObject({ listings: before.listings + 1, failing: before.failing + 1 });
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: extra, userId, copy: passing, source: "edited" });
    expect(await catalogTotals({ db: testDb.db, workspaceId })).toMatchObject({ listings: before.listings + 1, failing: before.failing });
    // Deleted: its audit goes with it.
    await testDb.db.deleteFrom("listing").where("id", "=", extra).execute();
    expect(await catalogTotals({ db: testDb.db, workspaceId })).toEqual(before);
    // Another workspace's totals are its own.
    expect(await catalogTotals({ db: testDb.db, workspaceId: otherWorkspaceId })).toMatchObject({ listings: 1, failing: 1 });
  });

  it("filters by rule, severity, store, score range and 'changed since import', and sorts by score, date and title", async () => {
    const titles = async (given: Record<string, string>) => (await listCatalogPage({ db: testDb.db, workspaceId, filter: filter(given) })).items.map((item) => item.listingId);
    expect(await titles({ rule: "lint:too_long" })).toEqual([ids.long]);
    expect(await titles({ rule: "amazon:90220" })).toEqual([ids.imported]);
    expect(new Set(await titles({ severity: "error" }))).toEqual(new Set([ids.long, ids.draft, ids.imported]));
    expect(await titles({ store: "amazon.de" })).toEqual([ids.de]);
    expect(new Set(await titles({ min: "90", max: "100" }))).toEqual(new Set([ids.good, ids.de]));
    expect(await titles({ changed: "1" })).toEqual([ids.imported]);
    const [first] = (await listCatalogPage({ db: testDb.db, workspaceId, filter: filter({ changed: "1" }) })).items;
    expect(first).toMatchObject({ changedSinceImport: true, rules: ["amazon:90220"] });
    // Worst first; newest first; by title.
    expect((await titles({}))[0]).toBe(ids.draft);
    expect((await titles({ sort: "updated" }))[0]).toBe(ids.imported);
    const byTitle = (await listCatalogPage({ db: testDb.db, workspaceId, filter: filter({ sort: "title" }) })).items.map((item) => item.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Another workspace sees only its own.
    expect((await listCatalogPage({ db: testDb.db, workspaceId: otherWorkspaceId, filter: filter() })).items.map((item) => item.listingId)).toEqual([ids.other]);
    expect(() => catalogFilterSchema.parse({ rule: "lint:'; drop table" })).toThrow();
  });

  it("walks keyset pages in every sort without repeating or losing a listing, and refuses a forged cursor", async () => {
    for (const sort of ["score", "updated", "title"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof listCatalogPage>> = await listCatalogPage({ db: testDb.db, workspaceId, filter: filter({ sort }), cursor, limit: 2 });
        seen.push(...page.items.map((item) => item.listingId));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual((await listCatalogPage({ db: testDb.db, workspaceId, filter: filter({ sort }) })).items.map((item) => item.listingId));
    }
    await expect(listCatalogPage({ db: testDb.db, workspaceId, filter: filter(), cursor: "not-a-cursor!" })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it("exports the filtered audit as CSV, every row, formulas made inert", async () => {
    await saveListingVersion({ db: testDb.db, workspaceId, listingId: ids.long!, userId, copy: { ...passing, title: `=HYPERLINK("x") ${longTitle}` }, source: "edited" });
    const csv = await exportCatalogCsv({ db: testDb.db, workspaceId, filter: filter({ severity: "error" }), publicUrl: "https://sellscribe.test" });
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("listing_id,title,store,score,errors,warnings,missing_sections,keyword_coverage,rules,changed_since_import,updated_at,audited_at,url");
    expect(lines).toHaveLength(4);
    expect(csv).toContain(`"${ids.imported}","Acme Bamboo Cutting Board Set, 3 Sizes, Deep Juice Groove","amazon.com","75","1","0","0","","amazon:90220","yes"`);
    expect(csv).toContain(`"'=HYPERLINK(""x"") ${longTitle}"`);
    expect(csv).toContain(`"https://sellscribe.test/listings/${ids.draft}"`);
    expect(csv).not.toContain(ids.other!);
  });

  it("records a health point per run and runs 'Run audit' in the request for a small catalog, in slices with progress for a large one", async () => {
    await recordCatalogHealth({ db: testDb.db }, workspaceId, "import", { now: new Date("2026-08-01T10:00:00.000Z") });
    const small = await runCatalogAudit({ db: testDb.db }, workspaceId);
    expect(small).toMatchObject({ started: true, finished: true });
    const large = await runCatalogAudit({ db: testDb.db }, workspaceId, { inRequestUpTo: 1 });
    expect(large).toMatchObject({ started: true, finished: false });
    expect(await runCatalogAudit({ db: testDb.db }, workspaceId, { inRequestUpTo: 1 })).toEqual({ id: large.id, started: false, finished: false });
    for (let turns = 0; (await getRunningAudit({ db: testDb.db, workspaceId })) && turns < 10_000; turns++) await new Promise((resolve) => setImmediate(resolve));
    const points = await listHealthPoints({ db: testDb.db, workspaceId });
    expect(points.map((point) => point.trigger)).toEqual(["import", "audit", "audit"]);
    expect(points.at(-1)).toMatchObject({ listings: 5, failing: 3 });
    expect(await listHealthPoints({ db: testDb.db, workspaceId: otherWorkspaceId })).toEqual([]);
  });

  it("audits 2,000 listings in slices: the event loop is never blocked for long", async () => {
    const { user, workspaceId: bigWorkspace } = await signUp({ firstName: "Bulk" });
    const now = new Date().toISOString();
    const copy = JSON.stringify({ ...passing, title: longTitle });
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: randomUUID(), workspaceId: bigWorkspace, createdBy: user.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: JSON.stringify(facts), copy, passed: 0, version: 1, searchText: `acme ${i}`, keywords: "[]", createdAt: now, updatedAt: now }));
    for (let i = 0; i < rows.length; i += 200) await testDb.db.insertInto("listing").values(rows.slice(i, i + 200)).execute();
    const watch = watchEventLoop();
    expect(await auditListings({ db: testDb.db }, bigWorkspace)).toEqual({ audited: 2000 });
    const { blockedMs } = watch.stop();
    expect(blockedMs).toBeLessThan(200);
    expect(await catalogTotals({ db: testDb.db, workspaceId: bigWorkspace })).toMatchObject({ listings: 2000, audited: 2000, failing: 2000 });
  });

  it("does not count a fix proposal as a change since import: only a version a person saved or accepted does", async () => {
    const { user, workspaceId: own } = await signUp({ firstName: "Proposed" });
    const listing = await createListing({ db: testDb.db, workspaceId: own, userId: user.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts });
    await saveListingVersion({ db: testDb.db, workspaceId: own, listingId: listing.id, userId: user.id, copy: { ...passing, title: longTitle }, source: "imported" });
    await testDb.db.updateTable("listing").set({ importedVersion: 1, importedAt: "2026-08-01T10:00:00.000Z" }).where("id", "=", listing.id).execute();
    const changed = async () => (await listCatalogPage({ db: testDb.db, workspaceId: own, filter: filter({ changed: "1" }) })).items.map((item) => item.listingId);
    await saveProposedVersion({ db: testDb.db, workspaceId: own, listingId: listing.id, userId: user.id, copy: passing });
    expect(await changed()).toEqual([]);
    expect((await listCatalogPage({ db: testDb.db, workspaceId: own, filter: filter() })).items).toMatchObject([{ listingId: listing.id, changedSinceImport: false }]);
    // Accepting (an edited version) is a change.
    await saveListingVersion({ db: testDb.db, workspaceId: own, listingId: listing.id, userId: user.id, copy: passing, source: "edited" });
    expect(await changed()).toEqual([listing.id]);
  });
});
