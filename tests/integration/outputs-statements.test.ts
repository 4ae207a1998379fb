// The unfiltered list's statements are compiled once per database and then only given values
// (docs/decisions/023): each call must still get its own user's page, in order, whoever asked before.
import { beforeAll, describe, expect, it } from "vitest";
import { listOutputs, saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { readSession, sessionCookieSettings } from "#app/features/auth/session-reader.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const base = Date.parse("2026-02-01T10:00:00.000Z");

describe.each(testDatabaseKinds)("statements compiled once, on %s", (kind) => {
  const { testDb, auth, signUp } = useIntegrationBackend(kind);
  const users: { id: string; cookie: string; outputIds: string[] }[] = [];

  beforeAll(async () => {
    for (const first of ["Ada", "Bob", "Cy"]) {
      const { user, cookie, workspaceId } = await signUp({ firstName: first });
      // Seven outputs each, interleaved in time with the others' and two of them in the same millisecond (the id breaks the tie).
      const saved = await saveOutputs({
        db: testDb.db,
        outputs: Array.from({ length: 7 }, (_, n) => ({
          userId: user.id,
          workspaceId,
          generationId: null,
          templateId: "description",
          content: `${first}'s copy ${n}`,
          inputs: { productName: `${first} ${n}` },
          createdAt: new Date(base + (n === 6 ? 5 : n) * 10 + users.length).toISOString(),
        })),
      });
      const newestFirst = [...saved].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((o) => o.id);
      users.push({ id: user.id, cookie, outputIds: newestFirst });
    }
  });

  async function everyPage(userId: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listOutputs({ db: testDb.db, userId, cursor, limit });
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  it("pages each user's outputs newest first, whatever page sizes and users came before", async () => {
    for (const limit of [2, 3, 100, 1]) for (const user of users) expect(await everyPage(user.id, limit)).toEqual(user.outputIds);
  });

  it("gives concurrent callers their own pages", async () => {
    const pages = await Promise.all(users.flatMap((user) => [1, 4, 24].map(async (limit) => ({ user, limit, ids: await everyPage(user.id, limit) }))));
    for (const { user, ids } of pages) expect(ids).toEqual(user.outputIds);
  });

  it("reads each session's own user, concurrently", async () => {
    const settings = await sessionCookieSettings(auth);
    const reads = await Promise.all([...users, ...users].map(async (user) => ({ user, read: await readSession({ db: testDb.db, settings, cookieHeader: user.cookie }) })));
    for (const { user, read } of reads) expect(read).toMatchObject({ user: { id: user.id } });
  });
});
