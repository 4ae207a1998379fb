// The operator page's data and actions (/admin, issue 21) on SQLite and PostgreSQL: who counts as an admin,
// grants and plans through the same functions and checks as the command line, one audit row per change
// (page and command line), and the lists the page shows.
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#app/features/auth/auth.server.ts";
import { getAdminWorkspace, isAdmin, listAdminWorkspaces, listAuditEntries, listFailedGenerations, listFailedJobRows, workspacesPageSize } from "#app/features/admin/admin.server.ts";
import { getWorkspaceBilling, reserveCredits } from "#app/features/billing/credits.server.ts";
import { grantWords, OperatorError, runOperatorCommand, setPlan, type OperatorActor } from "#app/features/admin/operator.server.ts";
import { createGeneration, recordGenerationFailure } from "#app/features/generate/generation.server.ts";
import { createJob } from "#app/features/jobs/jobs.server.ts";
import { createWorkspace, getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { buildConfig, type AppConfig } from "#server/config.server.ts";
import { GenerationError } from "#server/ai/errors.server.ts";
import { logger } from "#server/logger.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser } from "#tests/support/sign-up.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("operator page on %s", (kind) => {
  const { testDb } = useIntegrationBackend(kind);
  let config: AppConfig;
  let auth: Auth;
  const adminEmail = `ops-${kind}@example.com`;
  let admin: { id: string; email: string };
  let owner: { id: string; email: string };
  let workspaceId: string;
  let actor: OperatorActor;

  const signUp = async (email: string, firstName: string) => (await signUpUser(auth, { email, firstName, lastName: "Test" })).user;
  const auditRows = () => testDb.db.selectFrom("admin_audit_log").selectAll().orderBy("createdAt").orderBy("id").execute();

  beforeAll(async () => {
    // ADMIN_EMAILS as an operator writes it: spaces and capitals.
    config = { ...testDb.config, adminEmails: buildConfig({ DATA_DIR: testDb.config.dataDir, ADMIN_EMAILS: ` ${adminEmail.toUpperCase()} , other-ops@example.com` }).adminEmails };
    auth = createAuth({ config, db: testDb.db, mailer: testDb.mailer });
    admin = await signUp(adminEmail, "Oscar");
    owner = await signUp(`owner-${kind}@example.com`, "Olive");
    workspaceId = (await getActiveMembership({ db: testDb.db, user: { ...owner, name: "Olive Test" } })).workspaceId;
    await testDb.db.updateTable("workspace").set({ name: "Olive's Shop" }).where("id", "=", workspaceId).execute();
    actor = { kind: "admin", userId: admin.id, email: admin.email };
  });

  it("counts a listed address only once it is verified, whatever its case; anyone else is refused", async () => {
    expect(config.adminEmails).toEqual([adminEmail, "other-ops@example.com"]);
    // Anyone could sign up with the operator's address before the operator does: unverified is not enough.
    expect(await isAdmin({ db: testDb.db, config, user: admin })).toBe(false);
    await testDb.db.updateTable("user").set({ emailVerified: kind === "sqlite" ? 1 : true }).where("id", "=", admin.id).execute();
    expect(await isAdmin({ db: testDb.db, config, user: admin })).toBe(true);
    expect(await isAdmin({ db: testDb.db, config, user: { id: admin.id, email: adminEmail.toUpperCase() } })).toBe(true);
    // A verified user who is not listed, and a listed address with no ADMIN_EMAILS configured.
    await testDb.db.updateTable("user").set({ emailVerified: kind === "sqlite" ? 1 : true }).where("id", "=", owner.id).execute();
    expect(await isAdmin({ db: testDb.db, config, user: owner })).toBe(false);
    expect(await isAdmin({ db: testDb.db, config: testDb.config, user: admin })).toBe(false);
  });

  it("grants words to a workspace by id and writes who, what, where and when to the audit log", async () => {
    const before = Date.now();
    const result = await grantWords({ db: testDb.db, config, actor, target: { workspaceId }, words: "5000" });
    expect(result).toMatchObject({ workspace: { id: workspaceId, name: "Olive's Shop", email: owner.email }, words: 5000, balance: { available: 7000, bonus: 5000 } });
    expect((await getWorkspaceBilling({ db: testDb.db, workspaceId })).balance).toMatchObject({ available: 7000, bonus: 5000 });
    const [row, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorKind: "admin", actorUserId: admin.id, actorEmail: adminEmail, action: "grantWords", workspaceId, workspaceName: "Olive's Shop" });
    expect(JSON.parse(row!.params)).toEqual({ words: 5000 });
    expect(Date.parse(row!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("sets a plan and period (a new period with the plan's words, the bonus kept), audited", async () => {
    const result = await setPlan({ db: testDb.db, config, actor, target: { workspaceId }, plan: "pro", period: "yearly" });
    expect(result.plan).toMatchObject({ kind: "paid", planId: "pro", period: "yearly", viaStripe: false });
    expect(result.balance).toMatchObject({ available: 25_000, allowance: 20_000, bonus: 5000, used: 0 });
    await setPlan({ db: testDb.db, config, actor, target: { workspaceId }, plan: "none", period: "monthly" });
    expect((await getWorkspaceBilling({ db: testDb.db, workspaceId })).plan.kind).toBe("none");
    const entries = await listAuditEntries({ db: testDb.db });
    expect(entries.map((e) => [e.action, e.params])).toEqual([
      ["setPlan", { plan: "none", period: "monthly" }],
      ["setPlan", { plan: "pro", period: "yearly" }],
      ["grantWords", { words: 5000 }],
    ]);
  });

  it("refuses what the command line refuses, with the same codes, and writes nothing then", async () => {
    const refusal = (run: Promise<unknown>) => run.then(() => "accepted", (error: unknown) => (error instanceof OperatorError ? `${error.code}/${error.exitCode}` : String(error)));
    for (const words of ["0", "-5", "1.5", "abc", "10000001", " 12", ""]) {
      expect(await refusal(grantWords({ db: testDb.db, config, actor, target: { workspaceId }, words })), words).toBe("words/2");
    }
    expect(await refusal(setPlan({ db: testDb.db, config, actor, target: { workspaceId }, plan: "platinum" }))).toBe("plan/2");
    expect(await refusal(setPlan({ db: testDb.db, config, actor, target: { workspaceId }, plan: "pro", period: "weekly" }))).toBe("period/2");
    expect(await refusal(grantWords({ db: testDb.db, config, actor, target: { workspaceId: "no-such-workspace" }, words: "10" }))).toBe("unknownWorkspace/1");
    expect(await refusal(grantWords({ db: testDb.db, config, actor, target: { email: "nobody@example.com" }, words: "10" }))).toBe("unknownUser/1");
    const paying = await createWorkspace({ db: testDb.db, name: "Stripe Shop" });
    await testDb.db.updateTable("workspace").set({ stripeSubscriptionId: `sub_${kind}_admin`, subscriptionStatus: "active" }).where("id", "=", paying).execute();
    expect(await refusal(setPlan({ db: testDb.db, config, actor, target: { workspaceId: paying }, plan: "enterprise" }))).toBe("paysThroughStripe/1");
    expect(await auditRows()).toHaveLength(3);
  });

  it("audits the command line's actions as 'cli'", async () => {
    const line = await runOperatorCommand(["credits", "grant", owner.email, "250"], { db: testDb.db, config });
    expect(line).toBe(`Granted 250 bonus words to "Olive's Shop" (${owner.email}): 5,250 words available (plan 0, bonus 5,250, used 0).`);
    const [latest] = await listAuditEntries({ db: testDb.db, limit: 1 });
    expect(latest).toMatchObject({ actorKind: "cli", actorEmail: null, action: "grantWords", workspaceId, workspaceName: "Olive's Shop", params: { words: 250 } });
  });

  it("lists workspaces with plan, words used this period and last activity; searches names and owners' e-mails", async () => {
    await setPlan({ db: testDb.db, config, actor, target: { workspaceId }, plan: "starter" });
    const reservation = await reserveCredits({ db: testDb.db, workspaceId, words: 120, trialWords: config.billing.trialWords });
    expect(reservation.ok).toBe(true);
    const generationAt = new Date(Date.now() - 60_000);
    const generationId = await createGeneration({ db: testDb.db, userId: owner.id, workspaceId, templateId: "description", inputs: {}, count: 1, provider: "stub", model: "stub-1", requestId: "req-admin-1", createdAt: generationAt });
    await recordGenerationFailure({
      db: testDb.db,
      error: new GenerationError("provider_unavailable", "The provider answered 503"),
      context: { generationId, userId: owner.id, workspaceId, templateId: "description", count: 1, outputs: 1, requestId: "req-admin-1" },
      hooks: {},
      log: logger,
      latencyMs: 12,
    });

    const mine = await getAdminWorkspace({ db: testDb.db, config, workspaceId });
    expect(mine).toMatchObject({ name: "Olive's Shop", ownerEmail: owner.email, members: 1, plan: { kind: "paid", planId: "starter" }, wordsUsed: 120, lastActivity: generationAt.toISOString() });
    expect(mine!.wordsAvailable).toBe((await getWorkspaceBilling({ db: testDb.db, workspaceId })).balance.available);

    const byName = await listAdminWorkspaces({ db: testDb.db, config, search: "OLIVE'S" });
    expect(byName.items.map((w) => w.id)).toEqual([workspaceId]);
    const byOwner = await listAdminWorkspaces({ db: testDb.db, config, search: `owner-${kind}@EXAMPLE` });
    expect(byOwner.items.map((w) => w.id)).toEqual([workspaceId]);
    // LIKE's own wildcards are plain characters in a search.
    expect((await listAdminWorkspaces({ db: testDb.db, config, search: "%" })).items).toEqual([]);
    expect((await listAdminWorkspaces({ db: testDb.db, config, search: "_" })).items).toEqual([]);

    const [failed] = await listFailedGenerations({ db: testDb.db });
    expect(failed).toMatchObject({ id: generationId, workspaceName: "Olive's Shop", userEmail: owner.email, provider: "stub", model: "stub-1", requestId: "req-admin-1" });
    expect(failed!.error).toContain("The provider answered 503");
  });

  it("pages through every workspace newest first, without gaps or repeats", async () => {
    const start = Date.parse("2020-01-01T00:00:00.000Z");
    for (let i = 0; i < workspacesPageSize + 3; i++) await createWorkspace({ db: testDb.db, name: `Paged ${i}`, now: new Date(start + i * 1000) });
    const total = Number((await testDb.db.selectFrom("workspace").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await listAdminWorkspaces({ db: testDb.db, config, cursor });
      expect(page.items.length).toBeLessThanOrEqual(workspacesPageSize);
      seen.push(...page.items.map((w) => w.createdAt + w.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect([...seen].sort().reverse()).toEqual(seen);
    // A cursor this page did not write starts from the first page.
    expect((await listAdminWorkspaces({ db: testDb.db, config, cursor: "not a cursor" })).items).toHaveLength(workspacesPageSize);
  });

  it("lists failed job rows with their errors", async () => {
    await createJob({
      db: testDb.db,
      workspaceId,
      userId: owner.id,
      fileName: "catalog.csv",
      options: { sections: ["title"], marketplace: "amazon.com", ruleSetId: "amazon-2026-07" },
      rows: [{ rowNumber: 7, input: { facts: {} }, error: "Row 7 has no product name." }],
      emptyRowsSkipped: 0,
    });
    const [row] = await listFailedJobRows({ db: testDb.db });
    expect(row).toMatchObject({ fileName: "catalog.csv", rowNumber: 7, workspaceName: "Olive's Shop", error: "Row 7 has no product name." });
    expect((await getAdminWorkspace({ db: testDb.db, config, workspaceId }))!.lastActivity).not.toBeNull();
  });
});
