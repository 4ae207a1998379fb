// GET /api/outputs' first page is kept as JSON text per user and given again while the user's output
// version holds (migration 0022, docs/decisions/023). It must never be stale: after any change to the
// user's outputs, made here or through another connection (another server), the next call gives what
// listOutputs reads fresh. Also: the SQLite snapshot reader sees committed writes and never an open
// transaction's.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteOutput, firstPageJson, listOutputs, restoreOutput, saveOutputs, updateOutput, type NewOutput } from "#app/features/outputs/outputs.server.ts";
import { createDb, selectNow, type Db } from "#server/db/db.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const base = Date.parse("2026-03-01T09:00:00.000Z");

describe.each(testDatabaseKinds)("the kept first page, on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);
  let other: Db;
  const people: { id: string; workspaceId: string }[] = [];

  beforeAll(async () => {
    // A second connection pool to the same database, as a second server would have.
    other = createDb(testDb.config.database);
    for (const first of ["Ada", "Bob"]) {
      const { user, workspaceId } = await signUp({ firstName: first });
      people.push({ id: user.id, workspaceId });
    }
  });
  afterAll(async () => {
    await other.destroy();
  });

  const outputsOf = (who: { id: string; workspaceId: string }, from: number, count: number): NewOutput[] =>
    Array.from({ length: count }, (_, n) => ({
      userId: who.id,
      workspaceId: who.workspaceId,
      generationId: null,
      templateId: n % 2 ? "review" : "description",
      content: `Copy ${from + n}: «bamboo» board, "quoted", new\nline ✓ 日本語`,
      inputs: { productName: `Board ${from + n}` },
      createdAt: new Date(base + (from + n) * 1000).toISOString(),
    }));

  /** What the first page must be: read fresh, through the ordinary list. */
  const fresh = async (userId: string) => JSON.stringify(await listOutputs({ db: testDb.db, userId }));
  const version = async (userId: string) => (await testDb.db.selectFrom("output_version").select("version").where("userId", "=", userId).executeTakeFirst())?.version ?? 0;

  it("answers an empty page for a user without outputs, and the page once they have some", async () => {
    const [ada] = people;
    expect(JSON.parse(await firstPageJson({ db: testDb.db, userId: ada!.id }))).toEqual({ items: [], nextCursor: null });
    await saveOutputs({ db: testDb.db, outputs: outputsOf(ada!, 0, 30) });
    const page = await firstPageJson({ db: testDb.db, userId: ada!.id });
    expect(page).toBe(await fresh(ada!.id));
    expect(JSON.parse(page).items).toHaveLength(24);
    expect(JSON.parse(page).nextCursor).toEqual(expect.any(String));
  });

  it("is never stale after a change, made on this server or another", async () => {
    const [ada] = people;
    const check = async () => {
      for (const db of [testDb.db, other]) expect(await firstPageJson({ db, userId: ada!.id })).toBe(await fresh(ada!.id));
    };
    await check();
    const newest = JSON.parse(await fresh(ada!.id)).items[0].id as string;
    const before = await version(ada!.id);
    // Each kind of change, alternately through either connection: the version moves with it.
    await updateOutput({ db: other, userId: ada!.id, id: newest, changes: { favorite: true } });
    await check();
    await updateOutput({ db: testDb.db, userId: ada!.id, id: newest, changes: { content: "Edited on the first server" } });
    await check();
    await deleteOutput({ db: other, userId: ada!.id, id: newest });
    await check();
    await restoreOutput({ db: testDb.db, userId: ada!.id, id: newest });
    await check();
    await saveOutputs({ db: other, outputs: outputsOf(ada!, 100, 1) });
    await check();
    expect(await version(ada!.id)).toBe(before + 5);
  });

  it("bumps a version once per change and only its owner's", async () => {
    const [ada, bob] = people;
    const adaBefore = await version(ada!.id);
    const bobBefore = await version(bob!.id);
    await saveOutputs({ db: testDb.db, outputs: outputsOf(bob!, 200, 3) });
    expect(await version(ada!.id)).toBe(adaBefore);
    // A batch of rows in one statement: PostgreSQL bumps once per statement, SQLite once per row; either way it moved.
    expect(await version(bob!.id)).toBeGreaterThan(bobBefore);
    expect(await firstPageJson({ db: testDb.db, userId: bob!.id })).toBe(await fresh(bob!.id));
    expect(await firstPageJson({ db: testDb.db, userId: ada!.id })).toBe(await fresh(ada!.id));
  });

  it("is not moved by a change that was rolled back", async () => {
    const [ada] = people;
    const page = await firstPageJson({ db: testDb.db, userId: ada!.id });
    const before = await version(ada!.id);
    await expect(
      testDb.db.transaction().execute(async (trx) => {
        await saveOutputs({ db: trx, outputs: outputsOf(ada!, 300, 1) });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await version(ada!.id)).toBe(before);
    expect(await firstPageJson({ db: testDb.db, userId: ada!.id })).toBe(page);
  });

  // SQLite only: PostgreSQL has no snapshot reader (selectNow is db.executeQuery there, its own isolation).
  it.runIf(kind === "sqlite")("reads committed writes at once and never another request's open transaction (SQLite snapshot reader)", async () => {
    const [ada] = people;
    const count = sql<{ n: number }>`select count(*) as n from output where "userId" = ${ada!.id}`.compile(testDb.db);
    const committed = (await selectNow(testDb.db, count))[0]!.n;
    let seenInside = -1;
    await testDb.db.transaction().execute(async (trx) => {
      await saveOutputs({ db: trx, outputs: outputsOf(ada!, 400, 2) });
      // The transaction has written but not committed: the reader still sees what was committed.
      seenInside = (await selectNow(testDb.db, count))[0]!.n;
      expect(await firstPageJson({ db: testDb.db, userId: ada!.id })).not.toContain("Copy 401");
    });
    expect(seenInside).toBe(committed);
    expect((await selectNow(testDb.db, count))[0]!.n).toBe(committed + 2);
    expect(await firstPageJson({ db: testDb.db, userId: ada!.id })).toContain("Copy 401");
  });
});
