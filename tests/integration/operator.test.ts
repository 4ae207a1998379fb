// The operator commands as an operator runs them (node scripts/operator.ts, what `npm run credits` and
// `npm run plan` start), against the same DATABASE_URL the server uses, on SQLite and PostgreSQL.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { getWorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("operator commands on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);
  let workspaceId: string;
  const email = `owner-${kind}@example.com`;

  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/operator.ts", ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: testDb.url, DATA_DIR: testDb.config.dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
  };

  beforeAll(async () => {
    workspaceId = (await signUp({ firstName: "Olive", lastName: "Owner", email })).workspaceId;
    await testDb.db.updateTable("workspace").set({ name: "Olive's Shop" }).where("id", "=", workspaceId).execute();
  });

  it("grants bonus words to the user's workspace", async () => {
    const result = run("credits", "grant", email.toUpperCase(), "5000");
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toBe(`Granted 5,000 bonus words to "Olive's Shop" (${email}): 7,000 words available (plan 2,000, bonus 5,000, used 0).`);
    expect((await getWorkspaceBilling({ db: testDb.db, workspaceId })).balance).toMatchObject({ available: 7000, bonus: 5000 });
    // Every change is audited (the /admin page lists it): the command line as "cli".
    const audit = await testDb.db.selectFrom("admin_audit_log").select(["actorKind", "actorEmail", "action", "workspaceId", "params"]).execute();
    expect(audit).toEqual([{ actorKind: "cli", actorEmail: null, action: "grantWords", workspaceId, params: '{"words":5000}' }]);
  });

  it("sets a plan and period; a new period starts with the plan's words and the bonus kept", async () => {
    const result = run("plan", "set", email, "pro", "yearly");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^"Olive's Shop" \\(${email}\\) is now on pro \\(yearly, renews \\d{4}-\\d{2}-\\d{2}\\): 25,000 words available \\(plan 20,000, bonus 5,000, used 0\\)\\.$`));
    const { plan } = await getWorkspaceBilling({ db: testDb.db, workspaceId });
    expect(plan).toMatchObject({ kind: "paid", planId: "pro", period: "yearly", viaStripe: false });
    expect(run("plan", "set", email, "starter").out).toContain("is now on starter (monthly");
    expect(run("plan", "set", email, "none")).toMatchObject({ code: 0, out: `"Olive's Shop" (${email}) is now on no plan: 5,000 words available (plan 0, bonus 5,000, used 0).` });
  });

  it("prints clear errors for an unknown e-mail, plan, period or word count, and usage for anything else", () => {
    expect(run("credits", "grant", "nobody@example.com", "10")).toMatchObject({ code: 1, out: "", err: "No user has the e-mail address nobody@example.com. Check the spelling, or ask them to sign up first." });
    expect(run("plan", "set", email, "platinum")).toMatchObject({ code: 2, err: 'Unknown plan "platinum": use starter, pro, enterprise, none.' });
    expect(run("plan", "set", email, "pro", "weekly")).toMatchObject({ code: 2, err: 'Unknown billing period "weekly": use monthly or yearly.' });
    expect(run("credits", "grant", email, "-5")).toMatchObject({ code: 2, err: 'Words must be a whole number from 1 to 10,000,000, got "-5".' });
    const usage = run("credits", "take", email);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("npm run credits -- grant <email> <words>");
    expect(usage.err).toContain("npm run plan -- set <email> <starter|pro|enterprise|none> [monthly|yearly]");
  });

  it("will not set a plan by hand for a workspace that pays through Stripe", async () => {
    await testDb.db.updateTable("workspace").set({ stripeSubscriptionId: `sub_${kind}_op`, subscriptionStatus: "active" }).where("id", "=", workspaceId).execute();
    expect(run("plan", "set", email, "enterprise")).toMatchObject({ code: 1, err: `"Olive's Shop" pays through Stripe (subscription sub_${kind}_op): change its plan in Stripe, or cancel the subscription first.` });
  });
});
