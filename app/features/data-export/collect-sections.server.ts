// What a data export holds: one function per section, each reading only what is the user's or of the
// workspaces they belong to now (docs/decisions/027-data-export.md):
// - their own rows wherever they are: profile, sign-in devices, sessions, outputs (history is per user);
// - of each workspace they are a member of (owner or not): what every member sees in the app — the
//   workspace's details, its listings with every version and keyword bank, its bulk jobs and its credit ledger.
// Never: other members' profiles or outputs, secrets (password hashes, session tokens, two-factor
// secrets, OAuth tokens, passkey keys), workspaces they have left.
import type { Db } from "#server/db/db.server.ts";
import { csvField } from "#app/lib/spreadsheet-cells.ts";

/** One file of the ZIP. */
export interface ExportFile {
  name: string;
  content: string;
}

export interface SectionContext {
  db: Db;
  userId: string;
  /** The workspaces the user is a member of now (their role in each). */
  workspaces: { id: string; role: "owner" | "member" }[];
}

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
const bool = (value: boolean | number | null | undefined) => Boolean(value);
const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

/** Stored JSON text as data; text that does not parse is kept as text. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A CSV file: every cell quoted, formula-looking text made inert (app/lib/spreadsheet-cells.ts), a BOM so spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  const line = (cells: readonly (string | number | boolean | null)[]) => cells.map((cell) => csvField(cell === null ? "" : String(cell))).join(",");
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}

const workspaceIds = (ctx: SectionContext) => ctx.workspaces.map((workspace) => workspace.id);

export async function collectProfile({ db, userId }: SectionContext): Promise<ExportFile[]> {
  const extra = db.withTables<{
    account: { userId: string; providerId: string; createdAt: Date | string };
    passkey: { userId: string; name: string | null; deviceType: string; backedUp: boolean | number; createdAt: Date | string | null };
  }>();
  const user = await db.selectFrom("user").select(["id", "name", "firstName", "lastName", "email", "emailVerified", "twoFactorEnabled", "createdAt", "updatedAt"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const accounts = await extra.selectFrom("account").select(["providerId", "createdAt"]).where("userId", "=", userId).orderBy("createdAt").execute();
  const passkeys = await extra.selectFrom("passkey").select(["name", "deviceType", "backedUp", "createdAt"]).where("userId", "=", userId).orderBy("createdAt").execute();
  const devices = await db.selectFrom("known_device").select(["device", "firstSeenAt", "lastSeenAt"]).where("userId", "=", userId).orderBy("firstSeenAt").execute();
  const pinned = await db.selectFrom("pinned_template").select(["templateId", "createdAt"]).where("userId", "=", userId).orderBy("createdAt").execute();
  return [
    {
      name: "profile.json",
      content: json({
        user: { id: user.id, name: user.name, firstName: user.firstName, lastName: user.lastName, email: user.email, emailVerified: bool(user.emailVerified), twoFactorEnabled: bool(user.twoFactorEnabled), createdAt: iso(user.createdAt), updatedAt: iso(user.updatedAt) },
        // How the user signs in ("credential" is e-mail and password); never the tokens or the hash.
        signInMethods: accounts.map((account) => ({ provider: account.providerId, linkedAt: iso(account.createdAt) })),
        passkeys: passkeys.map((passkey) => ({ name: passkey.name, deviceType: passkey.deviceType, backedUp: bool(passkey.backedUp), createdAt: iso(passkey.createdAt) })),
        knownDevices: devices,
        pinnedTemplates: pinned,
      }),
    },
  ];
}

export async function collectWorkspaces(ctx: SectionContext): Promise<ExportFile[]> {
  if (ctx.workspaces.length === 0) return [{ name: "workspaces.json", content: json([]) }];
  const rows = await ctx.db
    .selectFrom("member")
    .innerJoin("workspace", "workspace.id", "member.workspaceId")
    .select(["workspace.id", "workspace.name", "workspace.website", "workspace.billingEmail", "workspace.plan", "workspace.billingPeriod", "workspace.trialEndsAt", "workspace.periodStart", "workspace.periodEnd", "workspace.marketplaces", "workspace.otherBrands", "workspace.ruleSetId", "workspace.createdAt", "member.role", "member.createdAt as joinedAt"])
    .where("member.userId", "=", ctx.userId)
    .orderBy("member.createdAt")
    .execute();
  const memberCounts = await ctx.db.selectFrom("member").select(["workspaceId", (eb) => eb.fn.countAll<number>().as("members")]).where("workspaceId", "in", workspaceIds(ctx)).groupBy("workspaceId").execute();
  const count = new Map(memberCounts.map((row) => [row.workspaceId, Number(row.members)]));
  const workspaces = rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    joinedAt: iso(row.joinedAt),
    website: row.website,
    billingEmail: row.billingEmail,
    plan: row.plan,
    billingPeriod: row.billingPeriod,
    trialEndsAt: row.trialEndsAt,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    marketplaces: parsed(row.marketplaces),
    otherBrands: parsed(row.otherBrands),
    ruleSetId: row.ruleSetId,
    // Other members are counted, not named: their profiles are theirs.
    members: count.get(row.id) ?? 1,
    createdAt: iso(row.createdAt),
  }));
  return [
    { name: "workspaces.json", content: json(workspaces) },
    { name: "workspaces.csv", content: toCsv(["id", "name", "role", "plan", "joined_at", "members"], workspaces.map((w) => [w.id, w.name, w.role, w.plan, w.joinedAt, w.members])) },
  ];
}

export async function collectOutputs({ db, userId }: SectionContext): Promise<ExportFile[]> {
  const rows = await db
    .selectFrom("output")
    .select(["id", "workspaceId", "templateId", "content", "inputs", "favorite", "marketplace", "language", "createdAt", "editedAt", "generationId"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const outputs = rows.map((row) => ({ ...row, inputs: parsed(row.inputs), favorite: bool(row.favorite) }));
  return [
    { name: "outputs.json", content: json(outputs) },
    {
      name: "outputs.csv",
      content: toCsv(
        ["id", "workspace_id", "template_id", "created_at", "edited_at", "favorite", "marketplace", "language", "content"],
        outputs.map((o) => [o.id, o.workspaceId, o.templateId, o.createdAt, o.editedAt, o.favorite ? "yes" : "no", o.marketplace, o.language, o.content]),
      ),
    },
  ];
}

async function listingsOf(ctx: SectionContext) {
  if (ctx.workspaces.length === 0) return [];
  return ctx.db
    .selectFrom("listing")
    .select(["id", "workspaceId", "marketplace", "languageTag", "ruleSetId", "familyId", "facts", "copy", "keywords", "passed", "version", "createdBy", "createdAt", "updatedAt"])
    .where("workspaceId", "in", workspaceIds(ctx))
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function collectListings(ctx: SectionContext): Promise<ExportFile[]> {
  const listings = await listingsOf(ctx);
  const versions = listings.length === 0 ? [] : await ctx.db.selectFrom("listing_version").innerJoin("listing", "listing.id", "listing_version.listingId").select(["listing_version.listingId", "listing_version.version", "listing_version.source", "listing_version.facts", "listing_version.copy", "listing_version.passed", "listing_version.createdBy", "listing_version.createdAt"]).where("listing.workspaceId", "in", workspaceIds(ctx)).orderBy("listing_version.listingId").orderBy("listing_version.version").execute();
  const byListing = new Map<string, typeof versions>();
  for (const version of versions) byListing.set(version.listingId, [...(byListing.get(version.listingId) ?? []), version]);
  const data = listings.map((listing) => ({
    id: listing.id,
    workspaceId: listing.workspaceId,
    marketplace: listing.marketplace,
    languageTag: listing.languageTag,
    ruleSetId: listing.ruleSetId,
    familyId: listing.familyId,
    facts: parsed(listing.facts),
    copy: parsed(listing.copy),
    passed: bool(listing.passed),
    currentVersion: Number(listing.version),
    // Who wrote a version is a user id: the member's own id is theirs to know; others stay ids.
    createdBy: listing.createdBy,
    createdAt: listing.createdAt,
    updatedAt: listing.updatedAt,
    versions: (byListing.get(listing.id) ?? []).map((version) => ({ version: Number(version.version), source: version.source, facts: parsed(version.facts), copy: parsed(version.copy), passed: bool(version.passed), createdBy: version.createdBy, createdAt: version.createdAt })),
  }));
  const titleOf = (copy: unknown) => (copy && typeof copy === "object" && "title" in copy && typeof copy.title === "string" ? copy.title : "");
  return [
    { name: "listings.json", content: json(data) },
    { name: "listings.csv", content: toCsv(["id", "workspace_id", "marketplace", "title", "current_version", "passed", "created_at", "updated_at"], data.map((l) => [l.id, l.workspaceId, l.marketplace, titleOf(l.copy), l.currentVersion, l.passed ? "yes" : "no", l.createdAt, l.updatedAt])) },
    {
      name: "listing-versions.csv",
      content: toCsv(["listing_id", "version", "source", "passed", "title", "created_by", "created_at"], data.flatMap((l) => l.versions.map((v) => [l.id, v.version, v.source, v.passed ? "yes" : "no", titleOf(v.copy), v.createdBy, v.createdAt]))),
    },
  ];
}

export async function collectKeywordBanks(ctx: SectionContext): Promise<ExportFile[]> {
  const banks = (await listingsOf(ctx)).map((listing) => {
    const keywords = parsed(listing.keywords);
    return { listingId: listing.id, workspaceId: listing.workspaceId, keywords: Array.isArray(keywords) ? (keywords as { phrase?: unknown; volume?: unknown }[]) : [] };
  });
  return [
    { name: "keyword-banks.json", content: json(banks) },
    {
      name: "keyword-banks.csv",
      content: toCsv(["listing_id", "workspace_id", "phrase", "volume"], banks.flatMap((bank) => bank.keywords.map((k) => [bank.listingId, bank.workspaceId, String(k.phrase ?? ""), typeof k.volume === "number" ? k.volume : null]))),
    },
  ];
}

export async function collectJobs(ctx: SectionContext): Promise<ExportFile[]> {
  if (ctx.workspaces.length === 0) return [{ name: "jobs.json", content: json([]) }];
  const jobs = await ctx.db.selectFrom("job").select(["id", "workspaceId", "createdBy", "status", "pauseReason", "fileName", "options", "total", "emptyRowsSkipped", "createdAt", "updatedAt", "finishedAt"]).where("workspaceId", "in", workspaceIds(ctx)).orderBy("createdAt").orderBy("id").execute();
  const rows = await ctx.db
    .selectFrom("job_row")
    .select(["jobId", "rowNumber", "input", "status", "listingId", "error", "passed", "coverage", "wordsCharged", "startedAt", "finishedAt"])
    .where("workspaceId", "in", workspaceIds(ctx))
    .orderBy("jobId")
    .orderBy("rowNumber")
    .execute();
  const byJob = new Map<string, typeof rows>();
  for (const row of rows) byJob.set(row.jobId, [...(byJob.get(row.jobId) ?? []), row]);
  const data = jobs.map((job) => ({
    ...job,
    options: parsed(job.options),
    total: Number(job.total),
    emptyRowsSkipped: Number(job.emptyRowsSkipped),
    rows: (byJob.get(job.id) ?? []).map((row) => ({ rowNumber: Number(row.rowNumber), status: row.status, input: parsed(row.input), listingId: row.listingId, error: row.error, passed: row.passed === null ? null : bool(row.passed), coverage: row.coverage === null ? null : Number(row.coverage), wordsCharged: Number(row.wordsCharged), startedAt: row.startedAt, finishedAt: row.finishedAt })),
  }));
  return [
    { name: "jobs.json", content: json(data) },
    {
      name: "job-rows.csv",
      content: toCsv(
        ["job_id", "file_name", "row", "status", "listing_id", "lint_passed", "coverage_score", "words_charged", "error"],
        data.flatMap((job) => job.rows.map((row) => [job.id, job.fileName, row.rowNumber, row.status, row.listingId, row.passed === null ? null : row.passed ? "yes" : "no", row.coverage, row.wordsCharged, row.error])),
      ),
    },
  ];
}

export async function collectLedger(ctx: SectionContext): Promise<ExportFile[]> {
  const rows =
    ctx.workspaces.length === 0
      ? []
      : await ctx.db.selectFrom("credit_ledger").select(["id", "workspaceId", "delta", "reason", "generationId", "createdAt"]).where("workspaceId", "in", workspaceIds(ctx)).orderBy("createdAt").orderBy("id").execute();
  const ledger = rows.map((row) => ({ ...row, delta: Number(row.delta) }));
  return [
    { name: "credit-ledger.json", content: json(ledger) },
    { name: "credit-ledger.csv", content: toCsv(["id", "workspace_id", "delta_words", "reason", "generation_id", "created_at"], ledger.map((r) => [r.id, r.workspaceId, r.delta, r.reason, r.generationId, r.createdAt])) },
  ];
}

export async function collectSessions({ db, userId }: SectionContext): Promise<ExportFile[]> {
  // Never the token: it would sign in as the user.
  const rows = await db.selectFrom("session").select(["id", "createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"]).where("userId", "=", userId).orderBy("createdAt").execute();
  const sessions = rows.map((row) => ({ id: row.id, createdAt: iso(row.createdAt), lastSeenAt: iso(row.updatedAt), expiresAt: iso(row.expiresAt), ipAddress: row.ipAddress, userAgent: row.userAgent }));
  return [
    { name: "sessions.json", content: json(sessions) },
    { name: "sessions.csv", content: toCsv(["id", "created_at", "last_seen_at", "expires_at", "ip_address", "user_agent"], sessions.map((s) => [s.id, s.createdAt, s.lastSeenAt, s.expiresAt, s.ipAddress, s.userAgent])) },
  ];
}

/** Every section, in the ZIP's order; the progress bar counts them. */
export const exportSections = [
  { id: "profile", collect: collectProfile },
  { id: "workspaces", collect: collectWorkspaces },
  { id: "outputs", collect: collectOutputs },
  { id: "listings", collect: collectListings },
  { id: "keywordBanks", collect: collectKeywordBanks },
  { id: "jobs", collect: collectJobs },
  { id: "ledger", collect: collectLedger },
  { id: "sessions", collect: collectSessions },
] as const satisfies readonly { id: string; collect: (ctx: SectionContext) => Promise<ExportFile[]> }[];

/** The workspaces the user is a member of now. */
export async function listMemberships({ db, userId }: { db: Db; userId: string }): Promise<SectionContext["workspaces"]> {
  return db.selectFrom("member").select(["workspaceId as id", "role"]).where("userId", "=", userId).orderBy("createdAt").execute();
}
