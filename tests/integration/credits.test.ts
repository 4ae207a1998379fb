// The word ledger on SQLite and (with TEST_DATABASE_URL) PostgreSQL: reserve, settle, refund, periods,
// plan changes, bonus words, and 50 concurrent reservations and generations that never overdraw a balance.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getWorkspaceBilling, grantBonusWords, getLedgerTotal, releaseCredits, reserveCredits, settleCredits, type CreditOptions } from "#app/features/billing/credits.server.ts";
import { recoverInterruptedGenerations } from "#app/features/generate/generation-credits.server.ts";
import { getDailyUsage } from "#app/features/billing/usage.server.ts";
import { readGenerationStream, type GenerationEvent } from "#app/features/generate/generation-events.ts";
import { handleGenerationPost } from "#app/features/generate/generation-request.server.ts";
import { completeGeneration, createGeneration } from "#app/features/generate/generation.server.ts";
import { createWriter } from "#server/ai/writer.server.ts";
import { createWorkspace, getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { buildConfig, type AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { WorkspacePlan } from "#server/db/schema.ts";
import type { AiStub } from "#tests/support/ai-stub-server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { runReserveWorker } from "#tests/support/reserve-worker.ts";
import { signUpUser } from "#tests/support/sign-up.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const day = 86_400_000;
const descriptionInputs = { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives, deep juice grooves", toneOfVoice: "Professional", numberOutputs: "1" };

describe.each(testDatabaseKinds)("credits on %s", (kind) => {
  const { testDb, auth, stub } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 } });
  let db: Db;

  beforeAll(() => {
    db = testDb.db;
  });
  beforeEach(() => stub.reset());

  function newWorkspace({ plan = "trial", start = new Date(), trialDays = 7, billingPeriod = "monthly" }: { plan?: WorkspacePlan; start?: Date; trialDays?: number; billingPeriod?: "monthly" | "yearly" } = {}) {
    return createWorkspace({ db, name: "Test shop", plan, billingPeriod, now: start, trialLength: trialDays });
  }

  const ledger = (workspaceId: string) => db.selectFrom("credit_ledger").select(["delta", "reason"]).where("workspaceId", "=", workspaceId).orderBy("id").execute();
  async function expectLedgerMatches(workspaceId: string, options: CreditOptions = {}) {
    const { balance } = await getWorkspaceBilling({ db, workspaceId, ...options });
    expect(await getLedgerTotal({ db, workspaceId })).toBe(balance.available);
    expect(balance.available).toBeGreaterThanOrEqual(0);
    return balance;
  }

  it("starts a new workspace's trial with the trial allowance, written in the ledger", async () => {
    const id = await newWorkspace();
    const { plan, balance } = await getWorkspaceBilling({ db, workspaceId: id });
    expect(plan).toMatchObject({ kind: "trial", daysLeft: 7 });
    expect(balance).toMatchObject({ available: 2000, allowance: 2000, bonus: 0, used: 0 });
    expect(await ledger(id)).toEqual([{ delta: 2000, reason: "period" }]);
    // Reading again changes nothing.
    await getWorkspaceBilling({ db, workspaceId: id });
    expect(await ledger(id)).toHaveLength(1);
  });

  it("counts words generated before the ledger existed as used", async () => {
    const id = await newWorkspace();
    const { user } = await signUpUser(auth, { firstName: "Old", lastName: "Timer" });
    // Written and completed without a reservation, as generations were before the ledger.
    const generationId = await createGeneration({ db, userId: user.id, workspaceId: id, templateId: "description", inputs: {}, count: 1, provider: "offline", model: "m" });
    await completeGeneration({ db, id: generationId, words: 340 });
    const balance = await expectLedgerMatches(id);
    expect(balance).toMatchObject({ available: 1660, used: 340 });
    expect(await ledger(id)).toEqual([
      { delta: 2000, reason: "period" },
      { delta: -340, reason: "opening" },
    ]);
  });

  it("reserves, settles to the words really written, and refunds a failed generation in full", async () => {
    const id = await newWorkspace();
    const first = await reserveCredits({ db, workspaceId: id, words: 600 });
    expect(first.ok).toBe(true);
    expect((await getWorkspaceBilling({ db, workspaceId: id })).balance).toMatchObject({ available: 1400, used: 600 });
    expect(await settleCredits({ db, workspaceId: id, reserved: 600, words: 250 })).toBe(350);
    expect(await expectLedgerMatches(id)).toMatchObject({ available: 1750, used: 250 });

    const second = await reserveCredits({ db, workspaceId: id, words: 200 });
    expect(second.ok).toBe(true);
    expect(await releaseCredits({ db, workspaceId: id, reserved: 200 })).toBe(200);
    expect(await expectLedgerMatches(id)).toMatchObject({ available: 1750, used: 250 });
    expect((await ledger(id)).map((row) => [row.reason, row.delta])).toEqual([
      ["period", 2000],
      ["reserve", -600],
      ["settle", 350],
      ["reserve", -200],
      ["refund", 200],
    ]);
  });

  it("charges an overrun only down to zero", async () => {
    const id = await newWorkspace();
    const options = { trialWords: 1000 };
    await getWorkspaceBilling({ db, workspaceId: id, ...options });
    expect((await reserveCredits({ db, workspaceId: id, words: 900, ...options })).ok).toBe(true);
    expect(await settleCredits({ db, workspaceId: id, reserved: 900, words: 1300 })).toBe(-100);
    expect(await expectLedgerMatches(id, options)).toMatchObject({ available: 0, used: 1000 });
  });

  it("refuses a reservation bigger than what is left, with the numbers, and changes nothing", async () => {
    const id = await newWorkspace();
    const refused = await reserveCredits({ db, workspaceId: id, words: 2500 });
    expect(refused).toMatchObject({ ok: false, needed: 2500, available: 2000, plan: { kind: "trial" } });
    expect(await ledger(id)).toEqual([{ delta: 2000, reason: "period" }]);
    await expect(reserveCredits({ db, workspaceId: id, words: 0 })).rejects.toThrow(/positive integer/);
  });

  it("expires unused trial words when the trial ends; bonus words stay and can still be spent", async () => {
    const start = new Date(Date.now() - 10 * day);
    const id = await newWorkspace({ start });
    const during = { now: new Date(start.getTime() + day) };
    await grantBonusWords({ db, workspaceId: id, words: 300, ...during });
    expect((await reserveCredits({ db, workspaceId: id, words: 500, ...during })).ok).toBe(true);
    expect((await getWorkspaceBilling({ db, workspaceId: id, ...during })).balance).toMatchObject({ available: 1800, bonus: 300, used: 500 });

    const { plan, balance } = await getWorkspaceBilling({ db, workspaceId: id });
    expect(plan).toMatchObject({ kind: "trialEnded", endedAt: new Date(start.getTime() + 7 * day).toISOString() });
    expect(balance).toMatchObject({ available: 300, allowance: 0, bonus: 300, used: 0, periodEnd: null });
    // The new period brings no allowance, so its "period" row would be 0 and is not written.
    expect((await ledger(id)).slice(-1)).toEqual([{ delta: -1500, reason: "expire" }]);
    expect((await reserveCredits({ db, workspaceId: id, words: 200 })).ok).toBe(true);
    expect(await reserveCredits({ db, workspaceId: id, words: 200 })).toMatchObject({ ok: false, needed: 200, available: 100, plan: { kind: "trialEnded" } });
    await expectLedgerMatches(id);
  });

  it("resets a paid plan's allowance each period: unused words do not roll over, bonus words do", async () => {
    const id = await newWorkspace({ plan: "starter", start: new Date("2026-01-31T10:00:00.000Z") });
    const january = { now: new Date("2026-02-10T00:00:00.000Z") };
    const first = await getWorkspaceBilling({ db, workspaceId: id, ...january });
    expect(first.plan).toMatchObject({ kind: "paid", planId: "starter", period: "monthly", renewsAt: "2026-02-28T10:00:00.000Z", daysLeft: 19, viaStripe: false });
    expect(first.balance).toMatchObject({ allowance: 5000, available: 5000, periodStart: "2026-01-31T10:00:00.000Z" });
    await reserveCredits({ db, workspaceId: id, words: 4000, ...january });
    await grantBonusWords({ db, workspaceId: id, words: 1000, ...january });
    await reserveCredits({ db, workspaceId: id, words: 1500, ...january });
    expect((await getWorkspaceBilling({ db, workspaceId: id, ...january })).balance).toMatchObject({ available: 500, bonus: 500, used: 5500 });

    const march = { now: new Date("2026-03-05T00:00:00.000Z") };
    const next = await getWorkspaceBilling({ db, workspaceId: id, ...march });
    expect(next.balance).toMatchObject({ allowance: 5000, bonus: 500, used: 0, available: 5500, periodStart: "2026-02-28T10:00:00.000Z", periodEnd: "2026-03-31T10:00:00.000Z" });
    expect(next.plan).toMatchObject({ renewsAt: "2026-03-31T10:00:00.000Z" });
    expect(await getLedgerTotal({ db, workspaceId: id })).toBe(5500);
  });

  it("steps yearly plans by twelve months", async () => {
    const id = await newWorkspace({ plan: "pro", billingPeriod: "yearly", start: new Date("2025-02-15T00:00:00.000Z") });
    const { plan, balance } = await getWorkspaceBilling({ db, workspaceId: id, now: new Date("2026-06-01T00:00:00.000Z") });
    expect(plan).toMatchObject({ kind: "paid", planId: "pro", period: "yearly", renewsAt: "2027-02-15T00:00:00.000Z" });
    expect(balance).toMatchObject({ allowance: 20_000, periodStart: "2026-02-15T00:00:00.000Z" });
  });

  it("applies a plan change at once and keeps what was already used (never below zero)", async () => {
    const id = await newWorkspace({ plan: "starter" });
    await reserveCredits({ db, workspaceId: id, words: 4500 });
    await db.updateTable("workspace").set({ plan: "pro" }).where("id", "=", id).execute();
    expect(await expectLedgerMatches(id)).toMatchObject({ allowance: 20_000, used: 4500, available: 15_500 });
    await reserveCredits({ db, workspaceId: id, words: 10_000 });
    await db.updateTable("workspace").set({ plan: "starter" }).where("id", "=", id).execute();
    expect(await expectLedgerMatches(id)).toMatchObject({ allowance: 5000, used: 5000, available: 0 });
    expect((await ledger(id)).filter((row) => row.reason === "plan").map((row) => row.delta)).toEqual([15_000, -5500]);
  });

  it("grants bonus words that carry over", async () => {
    const id = await newWorkspace();
    expect(await grantBonusWords({ db, workspaceId: id, words: 5000 })).toMatchObject({ available: 7000, allowance: 2000, bonus: 5000 });
    await expect(grantBonusWords({ db, workspaceId: id, words: -5 })).rejects.toThrow(/positive integer/);
  });

  it("lets exactly as many of 50 concurrent reservations from five processes through as the balance covers", async () => {
    const id = await newWorkspace();
    const options = { trialWords: 1000 };
    await getWorkspaceBilling({ db, workspaceId: id, ...options });
    // Four other processes with their own connections, and this one: separate writers on the same database.
    const workers = Array.from({ length: 4 }, () => runReserveWorker({ databaseUrl: testDb.url, workspaceId: id, count: 10, words: 100, trialWords: 1000 }));
    const here = Promise.all(Array.from({ length: 10 }, () => reserveCredits({ db, workspaceId: id, words: 100, ...options })));
    const results = [...(await here).map((r) => r.ok), ...(await Promise.all(workers)).flat()];
    expect(results).toHaveLength(50);
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await expectLedgerMatches(id, options)).toMatchObject({ available: 0, used: 1000 });
    expect((await ledger(id)).filter((row) => row.reason === "reserve")).toHaveLength(10);
  });

  it("gives back the words of generations a stopped server left running, once, and not from an ended period", async () => {
    const { user } = await signUpUser(auth, { firstName: "Crash" });
    const now = Date.now();
    const workspaceId = await newWorkspace({ plan: "starter", start: new Date(now - 3 * day) });
    // Monthly periods from 70 days ago: the reservation below (45 days ago) is two periods back, whatever the month lengths.
    const oldPeriodWorkspace = await newWorkspace({ plan: "starter", start: new Date(now - 70 * day) });
    /** A generation started `minutesAgo` whose words were reserved at that time, as runGeneration does. */
    async function runningGeneration(workspace: string, minutesAgo: number, words = 400) {
      const startedAt = new Date(now - minutesAgo * 60_000);
      const id = await createGeneration({ db, userId: user.id, workspaceId: workspace, templateId: "description", inputs: {}, count: 2, provider: "offline", model: "m", createdAt: startedAt });
      const reservation = await reserveCredits({ db, workspaceId: workspace, words, now: startedAt });
      if (!reservation.ok) throw new Error("reservation refused");
      await db.updateTable("credit_ledger").set({ generationId: id }).where("id", "=", reservation.ledgerId).execute();
      return id;
    }
    const crashed = await runningGeneration(workspaceId, 90);
    const inFlight = await runningGeneration(workspaceId, 5, 200);
    // Reserved in a monthly period that has ended: those words expired with it.
    const beforeRollover = await runningGeneration(oldPeriodWorkspace, 45 * 24 * 60);
    expect((await getWorkspaceBilling({ db, workspaceId })).balance).toMatchObject({ used: 600 });
    // The new period has words in use, which a wrong refund would hand back.
    expect((await reserveCredits({ db, workspaceId: oldPeriodWorkspace, words: 300 })).ok).toBe(true);
    const oldBalance = (await getWorkspaceBilling({ db, workspaceId: oldPeriodWorkspace })).balance;
    expect(oldBalance).toMatchObject({ used: 300 });

    expect(await recoverInterruptedGenerations({ db, now: new Date(now) })).toBe(2);
    const statusOf = async (id: string) => (await db.selectFrom("generation").select(["status", "error"]).where("id", "=", id).executeTakeFirstOrThrow());
    expect(await statusOf(crashed)).toMatchObject({ status: "failed", error: expect.stringMatching(/^interrupted/) });
    expect(await statusOf(inFlight)).toMatchObject({ status: "running" });
    expect(await statusOf(beforeRollover)).toMatchObject({ status: "failed" });
    expect(await expectLedgerMatches(workspaceId)).toMatchObject({ used: 200 });
    expect((await ledger(workspaceId)).filter((row) => row.reason === "refund")).toEqual([{ delta: 400, reason: "refund" }]);
    expect((await getWorkspaceBilling({ db, workspaceId: oldPeriodWorkspace })).balance).toEqual(oldBalance);

    // Run again (or by a second process): nothing is given back twice.
    expect(await recoverInterruptedGenerations({ db, now: new Date(now) })).toBe(0);
    expect(await expectLedgerMatches(workspaceId)).toMatchObject({ used: 200 });
  });

  it("counts usage by the days of the user's time zone", async () => {
    const { user } = await signUpUser(auth, { firstName: "Zoe", lastName: "Zone" });
    const workspaceId = await newWorkspace({ plan: "pro", start: new Date("2026-02-01T00:00:00Z") });
    const generated = async (at: string, templateId: string, words: number) => {
      const id = await createGeneration({ db, userId: user.id, workspaceId, templateId, inputs: {}, count: 1, provider: "offline", model: "m", createdAt: new Date(at) });
      await completeGeneration({ db, id, words, finishedAt: new Date(at) });
    };
    await generated("2026-03-01T02:00:00.000Z", "description", 100);
    await generated("2026-03-01T10:00:00.000Z", "description", 40);
    await generated("2026-03-01T11:00:00.000Z", "review", 7);
    const since = "2026-02-01T00:00:00.000Z";
    expect(await getDailyUsage({ db, workspaceId, since })).toEqual([
      { day: "2026-03-01", templateId: "description", words: 140 },
      { day: "2026-03-01", templateId: "review", words: 7 },
    ]);
    // 02:00 UTC is still the evening of 28 February in New York.
    expect(await getDailyUsage({ db, workspaceId, since, timeZone: "America/New_York" })).toEqual([
      { day: "2026-02-28", templateId: "description", words: 100 },
      { day: "2026-03-01", templateId: "description", words: 40 },
      { day: "2026-03-01", templateId: "review", words: 7 },
    ]);
  });

  describe("POST /api/generations", () => {
    let user: { id: string; name: string; email: string };
    const allowAll = { consume: async () => ({ allowed: true, retryAfterSeconds: 0 }), sweep: async () => 0 };
    const configWith = (trialWords: number): AppConfig => {
      const ai = buildConfig({ NODE_ENV: "test", DATA_DIR: testDb.config.dataDir, AI_PROVIDER: "openai-compatible", AI_BASE_URL: stub.baseUrl, AI_API_KEY: "sk-test-key", AI_RETRY_DELAY_MS: "5" }).ai;
      return { ...testDb.config, ai, billing: { trialWords } };
    };
    const post = (config: AppConfig, inputs: Record<string, string> = descriptionInputs, signal?: AbortSignal) =>
      handleGenerationPost({
        request: new Request("http://localhost/api/generations", { method: "POST", body: JSON.stringify({ templateId: "description", inputs }), headers: { "content-type": "application/json" }, signal }),
        user,
        locale: "en",
        requestId: "req-credits",
        db,
        config,
        limiter: allowAll,
        writer: createWriter(config.ai),
      });

    beforeAll(async () => {
      const { user: created } = await signUpUser(auth, { firstName: "Grace", lastName: "Hopper" });
      user = { id: created.id, name: created.name, email: created.email };
    });

    async function workspaceOfUser() {
      return (await getActiveMembership({ db, user })).workspaceId;
    }

    it("never takes the balance below zero with 50 concurrent generations", async () => {
      const config = configWith(3000);
      const workspaceId = await workspaceOfUser();
      await db.updateTable("workspace").set({ plan: "trial", trialEndsAt: new Date(Date.now() + 7 * day).toISOString() }).where("id", "=", workspaceId).execute();
      let lowest = Infinity;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const row = await db.selectFrom("credit_balance").select(["allowance", "bonus", "used"]).where("workspaceId", "=", workspaceId).executeTakeFirst();
          if (row) lowest = Math.min(lowest, row.allowance + row.bonus - row.used);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(config)));
      const outcomes = await Promise.all(
        responses.map(async (response) => {
          if (response.status === 402) return { refused: (await response.json()) as unknown };
          const last = await readGenerationStream(response, () => undefined);
          return { last };
        }),
      );
      sampling = false;
      await sampler;

      const done = outcomes.filter((o) => "last" in o && o.last?.type === "done");
      const refused = outcomes.filter((o) => "refused" in o);
      expect(done.length + refused.length).toBe(50);
      expect(done.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const o of refused) expect((o as { refused: unknown }).refused).toEqual({ code: "NO_CREDITS", error: expect.stringMatching(/: this needs up to 200 words and \d+ are left\./), requestId: "req-credits" });
      expect(lowest).toBeGreaterThanOrEqual(0);
      // Refused requests never reached the provider.
      expect(stub.requests).toHaveLength(done.length);

      const balance = await expectLedgerMatches(workspaceId, { trialWords: 3000 });
      const { words } = await db
        .selectFrom("generation")
        .select((eb) => eb.fn.sum<number>("words").as("words"))
        .where("workspaceId", "=", workspaceId)
        .where("status", "=", "succeeded")
        .executeTakeFirstOrThrow();
      expect(balance.used).toBe(Number(words));
      const outputs = await db.selectFrom("output").select("id").where("workspaceId", "=", workspaceId).execute();
      expect(outputs).toHaveLength(done.length);
    });

    it("refuses before the provider is called when the trial has ended, with the numbers; outputs stay", async () => {
      const config = configWith(3000);
      const workspaceId = await workspaceOfUser();
      const outputsBefore = await db.selectFrom("output").select("id").where("workspaceId", "=", workspaceId).execute();
      await db.updateTable("workspace").set({ trialEndsAt: new Date(Date.now() - day).toISOString() }).where("id", "=", workspaceId).execute();
      const response = await post(config);
      expect(response.status).toBe(402);
      expect(await response.json()).toEqual({
        code: "NO_CREDITS",
        error: expect.stringMatching(/^Your free trial ended on .+: this needs up to 200 words and 0 are left\. Choose a plan to keep generating; your saved outputs stay\.$/),
        requestId: "req-credits",
      });
      expect(stub.requests).toHaveLength(0);
      expect(await db.selectFrom("output").select("id").where("workspaceId", "=", workspaceId).execute()).toHaveLength(outputsBefore.length);
    });

    it("gives the reservation back when the provider fails or the user stops", async () => {
      const config = configWith(3000);
      const workspaceId = await workspaceOfUser();
      await db.updateTable("workspace").set({ plan: "pro", periodStart: new Date().toISOString() }).where("id", "=", workspaceId).execute();
      const before = (await getWorkspaceBilling({ db, workspaceId, trialWords: 3000 })).balance.available;

      stub.enqueue({ status: 401 });
      const failed = await readGenerationStream(await post(config), () => undefined);
      expect(failed).toMatchObject({ type: "error", code: "provider_config" });
      expect((await getWorkspaceBilling({ db, workspaceId })).balance.available).toBe(before);

      stub.setTokenDelay(20);
      const controller = new AbortController();
      const response = await post(config, descriptionInputs, controller.signal);
      const seen: GenerationEvent[] = [];
      const reading = readGenerationStream(response, (event) => {
        seen.push(event);
        if (event.type === "delta") controller.abort();
      });
      await reading;
      const generationId = (seen[0] as Extract<GenerationEvent, { type: "start" }>).generationId;
      await expect.poll(async () => (await db.selectFrom("generation").select("status").where("id", "=", generationId).executeTakeFirstOrThrow()).status).toBe("cancelled");
      await expect.poll(async () => (await getWorkspaceBilling({ db, workspaceId })).balance.available).toBe(before);
      const rows = await db.selectFrom("credit_ledger").select(["reason", "delta"]).where("generationId", "=", generationId).orderBy("id").execute();
      expect(rows).toEqual([
        { reason: "reserve", delta: -200 },
        { reason: "refund", delta: 200 },
      ]);
      await expectLedgerMatches(workspaceId);
    });

    it("charges a generation that outlived the crash sweep once: saved and charged afresh, or failed and not refunded twice", async () => {
      const config = configWith(3000);
      const workspaceId = await workspaceOfUser();
      await db.updateTable("workspace").set({ plan: "pro", periodStart: new Date().toISOString() }).where("id", "=", workspaceId).execute();
      const before = (await getWorkspaceBilling({ db, workspaceId })).balance;
      /** Starts a generation and, once the provider is writing, runs the sweep as if two hours had passed. */
      async function sweptMidway(reply: Parameters<AiStub["enqueue"]>[0] = {}) {
        stub.enqueue({ tokenDelayMs: 15, ...reply });
        let generationId = "";
        let swept: Promise<number> | undefined;
        const last = await readGenerationStream(await post(config), (event) => {
          if (event.type === "start") generationId = event.generationId;
          if (event.type === "delta" && !swept) swept = recoverInterruptedGenerations({ db, now: new Date(Date.now() + 2 * 3_600_000) });
        });
        await swept;
        const reasons = (await db.selectFrom("credit_ledger").select("reason").where("generationId", "=", generationId).orderBy("id").execute()).map((r) => r.reason);
        return { last, generationId, reasons };
      }

      const saved = await sweptMidway();
      expect(saved.last).toMatchObject({ type: "done" });
      const row = await db.selectFrom("generation").select(["status", "words", "error"]).where("id", "=", saved.generationId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "succeeded", error: null });
      expect(row.words).toBeGreaterThan(0);
      expect(saved.reasons).toEqual(["reserve", "refund", "settle"]);
      expect(await expectLedgerMatches(workspaceId)).toMatchObject({ used: before.used + Number(row.words) });

      const failed = await sweptMidway({ cutAfterTokens: 3 });
      expect(failed.last).toMatchObject({ type: "error" });
      expect(failed.reasons).toEqual(["reserve", "refund"]);
      // The sweep gave the reservation back; the failure did not give it back again.
      expect(await expectLedgerMatches(workspaceId)).toMatchObject({ used: before.used + Number(row.words) });
    });
  });
});
