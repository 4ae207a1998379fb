// A user's data export (issue 21) on SQLite and (with TEST_DATABASE_URL) PostgreSQL through pg-boss: the
// ZIP's contents per section, read back with fflate; scoping (another user's data is never there, a shared
// workspace's data is); one export at a time even when asked for at once; the mailed link, in the language
// asked in, working for the signed-in owner only and for 24 hours; housekeeping. Nothing of ours is mocked.
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantBonusWords } from "#app/features/billing/credits.server.ts";
import { handleDataExportDownload, handleDataExportRequest, handleDataExportStatus, type DataExportApiContext } from "#app/features/data-export/data-export-api.server.ts";
import { getDataExportById, requestDataExport, sweepDataExports } from "#app/features/data-export/data-exports.server.ts";
import { startDataExportRunner, type DataExportRunner } from "#app/features/data-export/export-runner.server.ts";
import { exportSectionCount } from "#app/features/data-export/export-zip.server.ts";
import { dataExportStateSchema } from "#app/features/data-export/types.ts";
import { createJob } from "#app/features/jobs/jobs.server.ts";
import { createListing, saveListingVersion } from "#app/features/listings/listings.server.ts";
import type { ListingFacts } from "#app/features/listings/types.ts";
import { saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import { readApiError } from "#app/lib/errors.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { readUntil } from "#tests/support/read-until.ts";
import { testPassword as password } from "#tests/support/sign-up.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const facts = (brand: string): ListingFacts => ({ brand, productName: `${brand} Bamboo Board`, productType: "Cutting board", keyFeatures: "Solid bamboo", targetAudience: "Home cooks", wordsToAvoid: "", tone: "Professional" });
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(testDatabaseKinds)("data export on %s", (kind) => {
  const { testDb, auth, signUp } = useIntegrationBackend(kind);
  let runner: DataExportRunner;
  let ada: { id: string; name: string; email: string };
  let grace: { id: string; name: string; email: string };
  let mallory: { id: string; name: string; email: string };
  let adaWorkspace: string;
  let graceWorkspace: string;
  let malloryWorkspace: string;

  const ctx = (user: { id: string } | null, request: Request, locale: Locale = "en"): DataExportApiContext => ({ request, user, locale, requestId: "test", db: testDb.db, config: testDb.config });
  const post = () => new Request("http://localhost/settings/data-export", { method: "POST", body: new URLSearchParams({ intent: "request" }) });
  const ready = (id: string) => readUntil(() => getDataExportById({ db: testDb.db, id }), (row) => row?.status === "ready" || row?.status === "failed", 20_000);

  beforeAll(async () => {
    ({ user: ada, workspaceId: adaWorkspace } = await signUp({ firstName: "Ada" }));
    ({ user: grace, workspaceId: graceWorkspace } = await signUp({ firstName: "Grace" }));
    ({ user: mallory, workspaceId: malloryWorkspace } = await signUp({ firstName: "Mallory" }));
    // Ada is a member (not owner) of Grace's workspace.
    const invite = await createInvitation({ db: testDb.db, workspaceId: graceWorkspace, email: ada.email, invitedBy: grace.id });
    if (!invite.ok) throw new Error("invitation refused");
    expect((await acceptInvitation({ db: testDb.db, token: invite.token, user: ada })).ok).toBe(true);
    await auth.api.signInEmail({ body: { email: ada.email, password }, headers: new Headers({ "user-agent": firefox, "x-client-ip": "203.0.113.9" }) });

    const now = new Date().toISOString();
    const output = (userId: string, workspaceId: string, content: string) => ({ userId, workspaceId, generationId: null, templateId: "product-description", content, inputs: { productName: "Board" }, createdAt: now });
    await saveOutputs({
      db: testDb.db,
      outputs: [output(ada.id, adaWorkspace, "=SUM(A1) Ada's own description"), output(ada.id, graceWorkspace, "Ada wrote this in Grace's workspace"), output(grace.id, graceWorkspace, "Grace's private draft"), output(mallory.id, malloryWorkspace, "Mallory's secret copy")],
    });
    const adaListing = await createListing({ db: testDb.db, workspaceId: adaWorkspace, userId: ada.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: facts("Adaco"), keywords: [{ phrase: "bamboo cutting board", volume: 1200 }, { phrase: "+plus board", volume: null }] });
    await saveListingVersion({ db: testDb.db, workspaceId: adaWorkspace, listingId: adaListing.id, userId: ada.id, copy: { ...adaListing.copy, title: "Adaco Bamboo Board, version one" }, source: "edited" });
    await saveListingVersion({ db: testDb.db, workspaceId: adaWorkspace, listingId: adaListing.id, userId: ada.id, copy: { ...adaListing.copy, title: "Adaco Bamboo Board, version two" }, source: "edited" });
    await createListing({ db: testDb.db, workspaceId: graceWorkspace, userId: grace.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: facts("Graceworks") });
    await createListing({ db: testDb.db, workspaceId: malloryWorkspace, userId: mallory.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: facts("Mallorycorp"), keywords: [{ phrase: "mallory keyword", volume: 5 }] });
    await createJob({ db: testDb.db, workspaceId: adaWorkspace, userId: ada.id, fileName: "ada-catalog.csv", options: { sections: ["title"], marketplace: "amazon.com", ruleSetId: "amazon-2026-07" }, rows: [{ rowNumber: 2, input: { facts: facts("Jobco"), keywords: [], marketplace: "amazon.com" } }], emptyRowsSkipped: 0 });
    await createJob({ db: testDb.db, workspaceId: malloryWorkspace, userId: mallory.id, fileName: "mallory-catalog.csv", options: { sections: ["title"], marketplace: "amazon.com", ruleSetId: "amazon-2026-07" }, rows: [{ rowNumber: 2, input: { facts: facts("Mallorycorp"), keywords: [], marketplace: "amazon.com" } }], emptyRowsSkipped: 0 });
    await grantBonusWords({ db: testDb.db, workspaceId: adaWorkspace, words: 1234, trialWords: testDb.config.billing.trialWords });
    await grantBonusWords({ db: testDb.db, workspaceId: malloryWorkspace, words: 9876, trialWords: testDb.config.billing.trialWords });
    runner = await startDataExportRunner({ db: testDb.db, config: testDb.config, mailer: testDb.mailer });
  });
  afterAll(async () => {
    await runner?.stop();
  });

  let exportId: string;
  let zip: Record<string, Uint8Array>;
  const file = (name: string) => strFromU8(zip[`sellscribe-export/${name}`] ?? new Uint8Array());
  const jsonFile = <T,>(name: string) => JSON.parse(file(name)) as T;

  it("asked for several times at once, prepares one export (the same job for every request), with progress to the last section", async () => {
    const enqueued: string[] = [];
    const counting: DataExportRunner = { enqueue: (id, userId) => (enqueued.push(id), runner.enqueue(id, userId)), stop: () => runner.stop() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => handleDataExportRequest({ ...ctx(ada, post(), "fr"), runner: counting })));
    const states = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: dataExportStateSchema.parse(await answer.json()) })));
    const ids = new Set(states.map((state) => state.body.export!.id));
    expect(ids.size).toBe(1);
    expect(states.filter((state) => state.body.started)).toHaveLength(1);
    expect(states.filter((state) => state.status === 202)).toHaveLength(1);
    expect(enqueued).toHaveLength(1);
    exportId = [...ids][0]!;
    // One more while it is being prepared (or just done): never a second pending one.
    const pendingRows = await testDb.db.selectFrom("data_export").select("id").where("userId", "=", ada.id).where("status", "in", ["queued", "running"]).execute();
    expect(pendingRows.length).toBeLessThanOrEqual(1);
    const row = await ready(exportId);
    expect(row).toMatchObject({ status: "ready", progress: exportSectionCount, total: exportSectionCount });
    expect(Date.parse(row!.expiresAt!) - Date.parse(row!.finishedAt!)).toBe(24 * 3600_000);
    const status = dataExportStateSchema.parse(await (await handleDataExportStatus(ctx(ada, new Request("http://localhost/settings/data-export")))).json());
    expect(status.export).toMatchObject({ id: exportId, status: "ready" });
    expect(status.export!.downloadUrl).toMatch(new RegExp(`^/settings/data-export/${exportId}/download\\?expires=\\d+&signature=`));
  });

  it("a second request while one is queued returns that one, also at the data layer and under concurrency", async () => {
    const [first, ...others] = await Promise.all(Array.from({ length: 5 }, () => requestDataExport({ db: testDb.db, userId: grace.id, locale: "en", total: exportSectionCount })));
    const all = [first!, ...others];
    expect(new Set(all.map((answer) => answer.exportId)).size).toBe(1);
    expect(all.filter((answer) => answer.started)).toHaveLength(1);
    await runner.enqueue(first!.exportId, grace.id);
    expect((await ready(first!.exportId))?.status).toBe("ready");
  });

  it("downloads a ZIP whose JSON and CSV files hold every section of the user's data", async () => {
    const status = dataExportStateSchema.parse(await (await handleDataExportStatus(ctx(ada, new Request("http://localhost/settings/data-export")))).json());
    const answer = await handleDataExportDownload({ ...ctx(ada, new Request(`http://localhost${status.export!.downloadUrl}`)), user: ada, id: exportId });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="sellscribe-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    zip = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(
      [
        "credit-ledger.csv",
        "credit-ledger.json",
        "job-rows.csv",
        "jobs.json",
        "keyword-banks.csv",
        "keyword-banks.json",
        "listing-versions.csv",
        "listings.csv",
        "listings.json",
        "manifest.json",
        "outputs.csv",
        "outputs.json",
        "profile.json",
        "sessions.csv",
        "sessions.json",
        "workspaces.csv",
        "workspaces.json",
      ].map((name) => `sellscribe-export/${name}`),
    );
    // Profile: who, how they sign in; never a secret.
    const profile = jsonFile<{ user: { email: string; firstName: string }; signInMethods: { provider: string }[]; knownDevices: { device: string }[] }>("profile.json");
    expect(profile.user).toMatchObject({ email: ada.email, firstName: "Ada" });
    expect(profile.signInMethods.map((method) => method.provider)).toEqual(["credential"]);
    // Workspaces: her own (owner) and Grace's (member), with roles; Mallory's is not hers.
    const workspaces = jsonFile<{ id: string; role: string; members: number }[]>("workspaces.json");
    expect(workspaces.map((w) => [w.id, w.role]).sort()).toEqual([[adaWorkspace, "owner"], [graceWorkspace, "member"]].sort());
    expect(workspaces.find((w) => w.id === graceWorkspace)!.members).toBe(2);
    // Outputs: hers, in both workspaces; never Grace's or Mallory's, though Grace's is in a shared workspace.
    const outputs = jsonFile<{ content: string; workspaceId: string }[]>("outputs.json");
    expect(outputs.map((o) => o.content).sort()).toEqual(["=SUM(A1) Ada's own description", "Ada wrote this in Grace's workspace"]);
    // A UTF-8 byte order mark first, so spreadsheets read the accents right; every cell quoted.
    expect([...zip["sellscribe-export/outputs.csv"]!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file("outputs.csv").replace(/^\uFEFF/, "").startsWith('"id","workspace_id","template_id"')).toBe(true);
    // A formula-looking cell is made inert in CSV (kept exact in JSON).
    expect(file("outputs.csv")).toContain(`"'=SUM(A1) Ada's own description"`);
    // Listings of both her workspaces (workspace data), each with its versions; Mallory's are not there.
    const listings = jsonFile<{ workspaceId: string; facts: ListingFacts; currentVersion: number; versions: { version: number; copy: { title: string } }[] }[]>("listings.json");
    expect(listings.map((l) => l.facts.brand).sort()).toEqual(["Adaco", "Graceworks"]);
    const adaco = listings.find((l) => l.facts.brand === "Adaco")!;
    expect(adaco.currentVersion).toBe(2);
    expect(adaco.versions.map((v) => [v.version, v.copy.title])).toEqual([
      [1, "Adaco Bamboo Board, version one"],
      [2, "Adaco Bamboo Board, version two"],
    ]);
    expect(file("listing-versions.csv")).toContain('"Adaco Bamboo Board, version two"');
    // Keyword banks: phrase and volume; a formula start is inert in CSV.
    expect(file("keyword-banks.csv")).toContain(`"bamboo cutting board","1200"`);
    expect(file("keyword-banks.csv")).toContain(`"'+plus board",""`);
    expect(jsonFile<{ keywords: { phrase: string }[] }[]>("keyword-banks.json").flatMap((bank) => bank.keywords.map((k) => k.phrase))).not.toContain("mallory keyword");
    // Jobs of her workspaces, with their rows.
    const jobs = jsonFile<{ fileName: string; rows: { rowNumber: number; status: string }[] }[]>("jobs.json");
    expect(jobs.map((job) => job.fileName)).toEqual(["ada-catalog.csv"]);
    expect(jobs[0]!.rows).toEqual([expect.objectContaining({ rowNumber: 2, status: "queued" })]);
    expect(file("job-rows.csv")).toContain('"ada-catalog.csv","2","queued"');
    // Ledger rows of her workspaces only.
    const ledger = jsonFile<{ workspaceId: string; delta: number; reason: string }[]>("credit-ledger.json");
    expect(ledger.some((row) => row.workspaceId === adaWorkspace && row.delta === 1234 && row.reason === "grant")).toBe(true);
    expect(ledger.every((row) => row.workspaceId === adaWorkspace || row.workspaceId === graceWorkspace)).toBe(true);
    // Sessions: devices and addresses, never the token.
    const sessions = jsonFile<{ ipAddress: string | null; userAgent: string | null }[]>("sessions.json");
    expect(sessions).toContainEqual(expect.objectContaining({ ipAddress: "203.0.113.9", userAgent: firefox }));
    // Nothing of Mallory's anywhere, and no secret.
    const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join("\n");
    for (const foreign of [mallory.id, mallory.email, malloryWorkspace, "Mallory's secret copy", "Grace's private draft", "9876", "mallory-catalog.csv"]) expect(everything).not.toContain(foreign);
    for (const { token } of await testDb.db.selectFrom("session").select("token").where("userId", "=", ada.id).execute()) expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/"(password|token|secret|accessToken|refreshToken)"\s*:/i);
    const manifest = jsonFile<{ userId: string; sections: { section: string }[] }>("manifest.json");
    expect(manifest.userId).toBe(ada.id);
    expect(manifest.sections.map((s) => s.section)).toEqual(["profile", "workspaces", "outputs", "listings", "keywordBanks", "jobs", "ledger", "sessions"]);
  });

  it("mails the link in the language of the request; it works only for its owner", async () => {
    const mail = testDb.mailer.outbox().find((entry) => entry.to === ada.email && entry.subject === translate("fr", "dataExport.mail.subject"));
    expect(mail, "the French mail").toBeDefined();
    expect(mail!.text).toContain(translate("fr", "dataExport.mail.outro", { hours: 24 }));
    const url = new URL(/https?:\/\/\S+\/download\?\S+/.exec(mail!.text)![0]);
    expect(url.origin).toBe(testDb.config.publicUrl);
    expect(url.pathname).toBe(`/settings/data-export/${exportId}/download`);
    const asAda = await handleDataExportDownload({ ...ctx(ada, new Request(url)), user: ada, id: exportId });
    expect(asAda.status).toBe(200);
    // Someone else signed in, with the very link: not found (the export's existence is not told).
    const asMallory = await handleDataExportDownload({ ...ctx(mallory, new Request(url)), user: mallory, id: exportId });
    expect(asMallory.status).toBe(404);
    expect(readApiError(await asMallory.json())).toMatchObject({ code: "NOT_FOUND", error: translate("en", "dataExport.error.notFound") });
    // A tampered expiry breaks the signature.
    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600_000));
    expect((await handleDataExportDownload({ ...ctx(ada, new Request(longer)), user: ada, id: exportId })).status).toBe(404);
  });

  it("expires after 24 hours: a clear error (JSON, or the settings page for a browser), then housekeeping deletes it", async () => {
    const row = (await getDataExportById({ db: testDb.db, id: exportId }))!;
    const url = new URL(/https?:\/\/\S+\/download\?\S+/.exec(testDb.mailer.outbox().find((entry) => entry.to === ada.email)!.text)![0]);
    const justBefore = new Date(Date.parse(row.expiresAt!) - 1000);
    const after = new Date(Date.parse(row.expiresAt!) + 1000);
    expect((await handleDataExportDownload({ ...ctx(ada, new Request(url)), user: ada, id: exportId }, justBefore)).status).toBe(200);
    const expired = await handleDataExportDownload({ ...ctx(ada, new Request(url), "de"), user: ada, id: exportId }, after);
    expect(expired.status).toBe(404);
    expect(readApiError(await expired.json())).toMatchObject({ code: "NOT_FOUND", error: translate("de", "dataExport.error.expired") });
    const page = await handleDataExportDownload({ ...ctx(ada, new Request(url, { headers: { accept: "text/html,application/xhtml+xml" } })), user: ada, id: exportId }, after);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/settings/personal?dataExport=expired");
    expect(await sweepDataExports({ db: testDb.db, now: new Date(Date.parse(row.expiresAt!) - 60_000) })).toBe(0);
    expect(await sweepDataExports({ db: testDb.db, now: after })).toBeGreaterThanOrEqual(1);
    expect(await getDataExportById({ db: testDb.db, id: exportId })).toBeUndefined();
    const status = dataExportStateSchema.parse(await (await handleDataExportStatus(ctx(ada, new Request("http://localhost/settings/data-export")))).json());
    expect(status.export).toBeNull();
  });

  it("fails an export no worker finished, so the user can ask again; refuses the signed out and unknown intents", async () => {
    const stuck = await requestDataExport({ db: testDb.db, userId: mallory.id, locale: "en", total: exportSectionCount, now: new Date(Date.now() - 2 * 3600_000) });
    expect(stuck.started).toBe(true);
    expect((await requestDataExport({ db: testDb.db, userId: mallory.id, locale: "en", total: exportSectionCount })).exportId).toBe(stuck.exportId);
    await sweepDataExports({ db: testDb.db });
    expect((await getDataExportById({ db: testDb.db, id: stuck.exportId }))?.status).toBe("failed");
    const again = await requestDataExport({ db: testDb.db, userId: mallory.id, locale: "en", total: exportSectionCount });
    expect(again).toMatchObject({ started: true });
    expect(again.exportId).not.toBe(stuck.exportId);
    expect((await handleDataExportRequest({ ...ctx(null, post()), runner })).status).toBe(401);
    const unknown = await handleDataExportRequest({ ...ctx(mallory, new Request("http://localhost/settings/data-export", { method: "POST", body: new URLSearchParams({ intent: "delete" }) })), runner });
    expect(unknown.status).toBe(400);
    expect(readApiError(await unknown.json())?.code).toBe("BAD_REQUEST");
    // The export asked for above is prepared too (the queue holds it), and only the newest is kept.
    await runner.enqueue(again.exportId, mallory.id);
    expect((await ready(again.exportId))?.status).toBe("ready");
    expect((await testDb.db.selectFrom("data_export").select("id").where("userId", "=", mallory.id).execute()).map((r) => r.id)).toEqual([again.exportId]);
  });
});
