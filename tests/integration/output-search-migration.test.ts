// Migration 0013 on SQLite (PostgreSQL filters its search with plain columns and has nothing to migrate):
// outputs indexed before it gain the store and language tags, so history's store filter finds them in a search.
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { listOutputs, saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser } from "#tests/support/sign-up.ts";

describe("migration 0013 (SQLite search by store)", () => {
  const { testDb, auth } = useIntegrationBackend("sqlite");

  it("indexes outputs saved before it again, with their store and language, and can be undone", async () => {
    const migrator = new Migrator({ db: testDb.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo("0012_listing_language");
    expect(down.error).toBeUndefined();

    const { user } = await signUpUser(auth);
    const { workspaceId } = await getActiveMembership({ db: testDb.db, user });
    const at = (n: number) => new Date(Date.parse("2026-02-01T10:00:00.000Z") + n).toISOString();
    const common = { userId: user.id, workspaceId, generationId: null, templateId: "description", inputs: { productName: "Board" } };
    const [old, german] = await saveOutputs({
      db: testDb.db,
      outputs: [
        { ...common, content: "Bamboo board from before stores", createdAt: at(1), marketplace: null, language: null },
        { ...common, content: "Bambus board für die Küche", createdAt: at(2), marketplace: "amazon.de", language: "de" },
      ],
    });
    const search = async (filter: { marketplace?: string; language?: string }) => (await listOutputs({ db: testDb.db, userId: user.id, filter: { q: "board", ...filter } })).items.map((item) => item.id);
    expect(await search({})).toEqual([german!.id, old!.id]);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await search({})).toEqual([german!.id, old!.id]);
    expect(await search({ marketplace: "amazon.de" })).toEqual([german!.id]);
    expect(await search({ marketplace: "amazon.com", language: "en" })).toEqual([old!.id]);
    expect(await search({ language: "fr" })).toEqual([]);

    // Down again: the index is whole without the new tags (a plain search still finds both).
    expect((await migrator.migrateTo("0012_listing_language")).error).toBeUndefined();
    expect(await search({})).toEqual([german!.id, old!.id]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
