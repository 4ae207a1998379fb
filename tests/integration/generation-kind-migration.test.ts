// Migration 0025 on both databases: a listing's generation, stored before as a template called
// "listing", becomes kind "listing" with no template; what points at it (outputs, ledger rows) still
// does, and usage and the operator's failure list show what they showed before.
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { listFailedGenerations } from "#app/features/admin/admin.server.ts";
import { getUsageByTemplate } from "#app/features/billing/usage.server.ts";
import { createGeneration } from "#app/features/generate/generation.server.ts";
import { saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("migration 0025 (generation kind) on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);

  it("turns the template called listing into kind listing, keeps what points at it, and can be undone", async () => {
    const { db } = testDb;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0024_totp_last_step")).error).toBeUndefined();

    const { user, workspaceId } = await signUp();
    const since = "2026-01-01T00:00:00.000Z";
    const generation = (id: string, templateId: string, status: string, words: number) =>
      sql`insert into generation (id, "userId", "workspaceId", "templateId", inputs, count, provider, model, status, words, "createdAt") values (${id}, ${user.id}, ${workspaceId}, ${templateId}, '{}', 1, 'offline', 'offline', ${status}, ${words}, ${"2026-02-01T10:00:00.000Z"})`.execute(db);
    await generation("g-listing", "listing", "succeeded", 120);
    await generation("g-listing-failed", "listing", "failed", 0);
    await generation("g-description", "description", "succeeded", 40);
    await db.insertInto("credit_ledger").values({ id: "l1", workspaceId, delta: -120, reason: "settle", generationId: "g-listing", createdAt: "2026-02-01T10:00:01.000Z" }).execute();
    const [output] = await saveOutputs({ db, outputs: [{ userId: user.id, workspaceId, generationId: "g-description", templateId: "description", content: "A board", inputs: {}, createdAt: "2026-02-01T10:00:02.000Z", marketplace: null, language: null }] });
    // What usage showed before: grouped by the stored template id.
    const before = await sql<{ templateId: string; words: number }>`select "templateId", sum(words) as words from generation where status = 'succeeded' group by "templateId" order by sum(words) desc`.execute(db);
    const usageBefore = before.rows.map((row) => ({ templateId: row.templateId, words: Number(row.words), generations: 1 }));
    expect(usageBefore).toEqual([
      { templateId: "listing", words: 120, generations: 1 },
      { templateId: "description", words: 40, generations: 1 },
    ]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom("generation").select(["id", "kind", "templateId"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "g-description", kind: "template", templateId: "description" },
      { id: "g-listing", kind: "listing", templateId: null },
      { id: "g-listing-failed", kind: "listing", templateId: null },
    ]);
    // Nothing that pointed at a generation lost it (a rebuild with foreign keys on would have nulled them).
    expect(await db.selectFrom("credit_ledger").select("generationId").where("id", "=", "l1").executeTakeFirstOrThrow()).toEqual({ generationId: "g-listing" });
    expect(await db.selectFrom("output").select("generationId").where("id", "=", output!.id).executeTakeFirstOrThrow()).toEqual({ generationId: "g-description" });
    expect(await getUsageByTemplate({ db, workspaceId, since })).toEqual(usageBefore);
    expect((await listFailedGenerations({ db })).map((failed) => [failed.id, failed.templateId])).toEqual([["g-listing-failed", "listing"]]);

    // New rows say what they are; a template generation without its template is refused.
    await createGeneration({ db, id: "g-new-listing", userId: user.id, workspaceId, kind: "listing", inputs: {}, count: 1, provider: "offline", model: "offline" });
    expect(await db.selectFrom("generation").select(["kind", "templateId"]).where("id", "=", "g-new-listing").executeTakeFirstOrThrow()).toEqual({ kind: "listing", templateId: null });
    await expect(sql`insert into generation (id, "userId", "workspaceId", kind, inputs, count, provider, model, status, "createdAt") values ('g-bad', ${user.id}, ${workspaceId}, 'template', '{}', 1, 'offline', 'offline', 'running', '2026-02-01T10:00:00.000Z')`.execute(db)).rejects.toThrow();
    // Foreign keys are on again after the SQLite rebuild: a generation of no workspace is refused.
    await expect(createGeneration({ db, userId: user.id, workspaceId: "no-such-workspace", templateId: "description", inputs: {}, count: 1, provider: "offline", model: "offline" })).rejects.toThrow();

    expect((await migrator.migrateTo("0024_totp_last_step")).error).toBeUndefined();
    const undone = await sql<{ id: string; templateId: string }>`select id, "templateId" from generation order by id`.execute(db);
    expect(undone.rows).toEqual([
      { id: "g-description", templateId: "description" },
      { id: "g-listing", templateId: "listing" },
      { id: "g-listing-failed", templateId: "listing" },
      { id: "g-new-listing", templateId: "listing" },
    ]);
    expect(await db.selectFrom("credit_ledger").select("generationId").where("id", "=", "l1").executeTakeFirstOrThrow()).toEqual({ generationId: "g-listing" });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
