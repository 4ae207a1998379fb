// Saved outputs on SQLite and (with TEST_DATABASE_URL) PostgreSQL: pages, filters, search, favorites,
// edit, delete + undo, export, and that no function or route ever reaches another user's outputs.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exportOutputsResponse } from "#app/features/outputs/output-export.server.ts";
import { handleListOutputs, handleOutputRequest, handleRestoreOutput, type OutputsApiContext } from "#app/features/outputs/outputs-api.server.ts";
import { decodeCursor, encodeCursor, InvalidCursorError } from "#app/lib/cursor.ts";
import {
  deleteOutput,
  getOutputById,
  getOutputInputsForUser,
  iterateOutputs,
  listLatestOutputs,
  listOutputs,
  outputTrashRetentionMs,
  restoreOutput,
  saveOutputs,
  updateOutput,
  type OutputFilter,
  type OutputView,
} from "#app/features/outputs/outputs.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

interface TestUser {
  id: string;
  name: string;
  email: string;
  workspaceId: string;
}

interface Seed {
  content: string;
  templateId?: string;
  favorite?: boolean;
  inputs?: Record<string, string>;
  marketplace?: string | null;
  language?: string | null;
}

const base = Date.parse("2026-01-05T10:00:00.000Z");

describe.each(testDatabaseKinds)("saved outputs on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);
  let ada: TestUser;
  let bob: TestUser;
  let clock = 0;

  async function createUser(first: string): Promise<TestUser> {
    const { user, workspaceId } = await signUp({ firstName: first });
    return { id: user.id, name: user.name, email: user.email, workspaceId };
  }

  /** Inserts outputs, each a millisecond newer than the last one saved (in the order given). */
  async function seed(user: TestUser, rows: Seed[]): Promise<OutputView[]> {
    const outputs = rows.map((row) => ({
      userId: user.id,
      workspaceId: user.workspaceId,
      generationId: null,
      templateId: row.templateId ?? "description",
      content: row.content,
      inputs: row.inputs ?? { productName: "Bamboo board", toneOfVoice: "Casual" },
      favorite: row.favorite ?? false,
      createdAt: new Date(base + ++clock).toISOString(),
      marketplace: row.marketplace ?? null,
      language: row.language ?? null,
    }));
    return saveOutputs({ db: testDb.db, outputs });
  }

  async function clearOutputs() {
    await testDb.db.deleteFrom("output").execute();
    await testDb.db.deleteFrom("output_trash").execute();
  }

  /** Every page of a filter, following nextCursor. */
  async function allPages(user: TestUser, filter: OutputFilter, limit: number, between?: () => Promise<void>): Promise<OutputView[][]> {
    const pages: OutputView[][] = [];
    let cursor: string | null = null;
    do {
      const page = await listOutputs({ db: testDb.db, userId: user.id, filter, cursor, limit });
      pages.push(page.items);
      cursor = page.nextCursor;
      if (between) await between();
    } while (cursor);
    return pages;
  }

  const ids = (outputs: OutputView[]) => outputs.map((o) => o.id);
  const newestFirst = (outputs: OutputView[]) => ids([...outputs].reverse());

  function ctx(user: TestUser | null, request: Request): OutputsApiContext {
    return { request, user, locale: "en", requestId: "req-test", db: testDb.db };
  }
  const url = (path: string) => `http://sellscribe.test${path}`;
  async function json(response: Response): Promise<Record<string, unknown>> {
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    ada = await createUser("Ada");
    bob = await createUser("Bob");
  });
  beforeEach(clearOutputs);

  describe("pages", () => {
    it("list newest first, 24 per page by default, with an opaque cursor", async () => {
      const saved = await seed(ada, Array.from({ length: 30 }, (_, i) => ({ content: `Output ${i}` })));
      const first = await listOutputs({ db: testDb.db, userId: ada.id });
      expect(first.items).toHaveLength(24);
      expect(ids(first.items)).toEqual(newestFirst(saved).slice(0, 24));
      expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const second = await listOutputs({ db: testDb.db, userId: ada.id, cursor: first.nextCursor });
      expect(ids(second.items)).toEqual(newestFirst(saved).slice(24));
      expect(second.nextCursor).toBeNull();
      expect(await listLatestOutputs({ db: testDb.db, userId: ada.id, limit: 3 })).toEqual(first.items.slice(0, 3));
    });

    it("never repeat or skip an output while new ones are saved between page requests", async () => {
      const saved = await seed(ada, Array.from({ length: 57 }, (_, i) => ({ content: `Listing copy ${i} bamboo`, favorite: i % 2 === 0 })));
      for (const filter of [{}, { favorite: true }, { q: "bamboo" }, { q: "bamboo", favorite: true }] satisfies OutputFilter[]) {
        const expected = newestFirst(saved.filter((o) => filter.favorite === undefined || o.favorite));
        const pages = await allPages(ada, filter, 10, async () => {
          await seed(ada, [{ content: "A newer bamboo output saved meanwhile", favorite: true }]);
          await seed(bob, [{ content: "Bob's bamboo output", favorite: true }]);
        });
        const seen = pages.flat().map((o) => o.id);
        expect(new Set(seen).size, JSON.stringify(filter)).toBe(seen.length);
        expect(seen, JSON.stringify(filter)).toEqual(expected);
        await testDb.db.deleteFrom("output").where("content", "like", "A newer%").execute();
        await testDb.db.deleteFrom("output").where("userId", "=", bob.id).execute();
      }
    });

    it("cap the limit at 100 and refuse malformed cursors", async () => {
      await seed(ada, Array.from({ length: 120 }, (_, i) => ({ content: `Output ${i}` })));
      expect((await listOutputs({ db: testDb.db, userId: ada.id, limit: 500 })).items).toHaveLength(100);
      for (const bad of ["not a cursor!", "eyJ4IjoxfQ", Buffer.from("[]").toString("base64url"), encodeCursor({ c: "yesterday", i: "x" })]) {
        await expect(listOutputs({ db: testDb.db, userId: ada.id, cursor: bad })).rejects.toBeInstanceOf(InvalidCursorError);
      }
      const position = { c: "2026-01-05T10:00:00.123Z", i: "abc", r: 7 };
      expect(decodeCursor(encodeCursor(position))).toEqual(position);
    });

    it("filter by template and by favorite", async () => {
      const saved = await seed(ada, [
        { content: "A description", templateId: "description" },
        { content: "A favorite review", templateId: "review", favorite: true },
        { content: "A review", templateId: "review" },
        { content: "Keywords", templateId: "keywords", favorite: true },
      ]);
      const list = async (filter: OutputFilter) => ids((await listOutputs({ db: testDb.db, userId: ada.id, filter })).items);
      expect(await list({ templateId: "review" })).toEqual([saved[2]!.id, saved[1]!.id]);
      expect(await list({ favorite: true })).toEqual([saved[3]!.id, saved[1]!.id]);
      expect(await list({ favorite: false })).toEqual([saved[2]!.id, saved[0]!.id]);
      expect(await list({ templateId: "review", favorite: true })).toEqual([saved[1]!.id]);
      expect(await list({ templateId: "nope" })).toEqual([]);
    });

    it("filter by store and language, with and without search; outputs from before stores count as amazon.com in English", async () => {
      const saved = await seed(ada, [
        { content: "Bamboo board from before stores" },
        { content: "Bamboo board for amazon.com", marketplace: "amazon.com", language: "en" },
        { content: "Bambus Schneidebrett für die Küche", marketplace: "amazon.de", language: "de", favorite: true },
        { content: "Planche à découper en bambou", marketplace: "amazon.ca", language: "fr", templateId: "review" },
        { content: "Bamboo board for Canada", marketplace: "amazon.ca", language: "en" },
      ]);
      await seed(bob, [{ content: "Bob's Bambus Brett", marketplace: "amazon.de", language: "de" }]);
      const list = async (filter: OutputFilter) => ids((await listOutputs({ db: testDb.db, userId: ada.id, filter })).items);
      for (const q of [undefined, "bamb"]) {
        expect(await list({ q, marketplace: "amazon.com" }), q).toEqual([saved[1]!.id, saved[0]!.id]);
        expect(await list({ q, marketplace: "amazon.de" }), q).toEqual([saved[2]!.id]);
        expect(await list({ q, marketplace: "amazon.ca" }), q).toEqual([saved[4]!.id, saved[3]!.id]);
        expect(await list({ q, language: "en" }), q).toEqual([saved[4]!.id, saved[1]!.id, saved[0]!.id]);
        expect(await list({ q, marketplace: "amazon.ca", language: "fr" }), q).toEqual([saved[3]!.id]);
        expect(await list({ q, marketplace: "amazon.ca", language: "fr", templateId: "description" }), q).toEqual([]);
        expect(await list({ q, language: "de", favorite: true }), q).toEqual([saved[2]!.id]);
        expect(await list({ q, marketplace: "amazon.co.jp" }), q).toEqual([]);
      }
      // The store and language come back with every item, searched or not.
      const [found] = (await listOutputs({ db: testDb.db, userId: ada.id, filter: { q: "Schneidebrett" } })).items;
      expect(found).toMatchObject({ id: saved[2]!.id, marketplace: "amazon.de", language: "de" });
      // Deleted and restored, it keeps its store (and is found by it again).
      await deleteOutput({ db: testDb.db, userId: ada.id, id: saved[2]!.id });
      expect(await list({ q: "bambus", marketplace: "amazon.de" })).toEqual([]);
      await restoreOutput({ db: testDb.db, userId: ada.id, id: saved[2]!.id });
      expect(await list({ q: "bambus", marketplace: "amazon.de" })).toEqual([saved[2]!.id]);
    });
  });

  describe("search", () => {
    let saved: OutputView[];
    beforeEach(async () => {
      saved = await seed(ada, [
        { content: "Bamboo cutting board with juice grooves." },
        { content: "Stainless steel water bottle keeps drinks cold.", favorite: true },
        { content: 'The "bamboo" lid; drop table output; -- fits every jar.', templateId: "review" },
        { content: "CAFÉ blend coffee beans, 100% arabica at 50% off." },
      ]);
      await seed(bob, [{ content: "Bob also sells a bamboo board." }]);
    });
    const search = async (q: string, filter: OutputFilter = {}) => ids((await listOutputs({ db: testDb.db, userId: ada.id, filter: { ...filter, q } })).items);

    it("finds every word, case-insensitively, newest first, only among the user's outputs", async () => {
      expect(await search("bamboo")).toEqual([saved[2]!.id, saved[0]!.id]);
      expect(await search("BAMBOO board")).toEqual([saved[0]!.id]);
      expect(await search("cold water")).toEqual([saved[1]!.id]);
      expect(await search("unicorn")).toEqual([]);
    });

    it("matches the last word as a prefix while it is typed (from three letters)", async () => {
      expect(await search("stainless bot")).toEqual([saved[1]!.id]);
      expect(await search("groo")).toEqual([saved[0]!.id]);
      expect(await search("bo")).toEqual([]);
    });

    it("treats quotes, operators and SQL as plain text, never as a query", async () => {
      for (const q of ['"bamboo"', "bamboo OR steel", "bamboo AND NOT steel", "-steel bamboo", "bamboo*", "NEAR(bamboo board)", "{content}: bamboo", "bamboo)", "(bamboo", "bamboo & !steel", "bamboo:*", "bamboo | steel"]) {
        const found = await search(q);
        expect(Array.isArray(found), q).toBe(true);
      }
      expect(await search("'; drop table output; --")).toEqual([saved[2]!.id]);
      expect(await search('"bamboo" lid')).toEqual([saved[2]!.id]);
      expect(await search("100% arabica")).toEqual([saved[3]!.id]);
      expect(await search("%")).toEqual([]);
      expect(await search("_ \\ ' \" ; --")).toEqual([]);
      // The table is still there and whole.
      expect((await listOutputs({ db: testDb.db, userId: ada.id })).items).toHaveLength(4);
    });

    it("combines with the template and favorite filters", async () => {
      expect(await search("bamboo", { templateId: "review" })).toEqual([saved[2]!.id]);
      expect(await search("bottle", { favorite: true })).toEqual([saved[1]!.id]);
      expect(await search("bottle", { favorite: false })).toEqual([]);
    });

    it("follows edits, favorites, deletes and undo", async () => {
      await updateOutput({ db: testDb.db, userId: ada.id, id: saved[0]!.id, changes: { content: "Walnut cutting board." } });
      expect(await search("bamboo")).toEqual([saved[2]!.id]);
      expect(await search("walnut")).toEqual([saved[0]!.id]);
      await updateOutput({ db: testDb.db, userId: ada.id, id: saved[0]!.id, changes: { favorite: true } });
      expect(await search("walnut", { favorite: true })).toEqual([saved[0]!.id]);
      await deleteOutput({ db: testDb.db, userId: ada.id, id: saved[0]!.id });
      expect(await search("walnut")).toEqual([]);
      await restoreOutput({ db: testDb.db, userId: ada.id, id: saved[0]!.id });
      expect(await search("walnut", { favorite: true })).toEqual([saved[0]!.id]);
    });
  });

  describe("changes", () => {
    it("favorite and unfavorite", async () => {
      const [output] = await seed(ada, [{ content: "Copy" }]);
      const on = await updateOutput({ db: testDb.db, userId: ada.id, id: output!.id, changes: { favorite: true } });
      expect(on).toMatchObject({ id: output!.id, favorite: true, editedAt: null });
      expect(ids((await listOutputs({ db: testDb.db, userId: ada.id, filter: { favorite: true } })).items)).toEqual([output!.id]);
      const off = await updateOutput({ db: testDb.db, userId: ada.id, id: output!.id, changes: { favorite: false } });
      expect(off?.favorite).toBe(false);
      expect((await listOutputs({ db: testDb.db, userId: ada.id, filter: { favorite: true } })).items).toEqual([]);
    });

    it("edit the content: saved and marked edited, date and place unchanged", async () => {
      const [older, output] = await seed(ada, [{ content: "Older" }, { content: "First draft" }]);
      const edited = await updateOutput({ db: testDb.db, userId: ada.id, id: output!.id, changes: { content: "Second draft" }, now: new Date("2026-02-01T00:00:00.000Z") });
      expect(edited).toMatchObject({ content: "Second draft", editedAt: "2026-02-01T00:00:00.000Z", createdAt: output!.createdAt });
      expect(await getOutputById({ db: testDb.db, userId: ada.id, id: output!.id })).toEqual(edited);
      expect(ids((await listOutputs({ db: testDb.db, userId: ada.id })).items)).toEqual([output!.id, older!.id]);
    });

    it("delete, then undo: the same output comes back in its place", async () => {
      const [a, b, c] = await seed(ada, [{ content: "A" }, { content: "B", favorite: true }, { content: "C" }]);
      const deleted = await deleteOutput({ db: testDb.db, userId: ada.id, id: b!.id });
      expect(deleted).toMatchObject({ id: b!.id, favorite: true });
      expect(ids((await listOutputs({ db: testDb.db, userId: ada.id })).items)).toEqual([c!.id, a!.id]);
      expect(await getOutputById({ db: testDb.db, userId: ada.id, id: b!.id })).toBeNull();
      expect(await deleteOutput({ db: testDb.db, userId: ada.id, id: b!.id })).toBeNull();
      const restored = await restoreOutput({ db: testDb.db, userId: ada.id, id: b!.id });
      expect(restored).toEqual(b);
      expect(ids((await listOutputs({ db: testDb.db, userId: ada.id })).items)).toEqual([c!.id, b!.id, a!.id]);
      expect(await restoreOutput({ db: testDb.db, userId: ada.id, id: b!.id })).toBeNull();
    });

    it("undo works for an hour, then the trash is emptied", async () => {
      const [a, b] = await seed(ada, [{ content: "A" }, { content: "B" }]);
      const deletedAt = new Date("2026-03-01T12:00:00.000Z");
      await deleteOutput({ db: testDb.db, userId: ada.id, id: a!.id, now: deletedAt });
      const late = new Date(deletedAt.getTime() + outputTrashRetentionMs + 1000);
      expect(await restoreOutput({ db: testDb.db, userId: ada.id, id: a!.id, now: late })).toBeNull();
      await deleteOutput({ db: testDb.db, userId: ada.id, id: b!.id, now: late });
      const left = await testDb.db.selectFrom("output_trash").select("id").execute();
      expect(left.map((row) => row.id)).toEqual([b!.id]);
    });
  });

  describe("isolation between users", () => {
    it("no function reads, changes, deletes or restores another user's output", async () => {
      const [mine] = await seed(ada, [{ content: "Ada's bamboo copy", favorite: true, inputs: { productName: "Ada's board" } }]);
      const db = testDb.db;
      expect((await listOutputs({ db, userId: bob.id })).items).toEqual([]);
      expect((await listOutputs({ db, userId: bob.id, filter: { q: "bamboo" } })).items).toEqual([]);
      expect((await listOutputs({ db, userId: bob.id, filter: { favorite: true } })).items).toEqual([]);
      // A cursor copied from Ada's pages shows Bob nothing of hers.
      expect((await listOutputs({ db, userId: bob.id, cursor: encodeCursor({ c: "2099-01-01T00:00:00.000Z", i: "z" }) })).items).toEqual([]);
      expect(await getOutputById({ db, userId: bob.id, id: mine!.id })).toBeNull();
      expect(await getOutputInputsForUser({ db, userId: bob.id, outputId: mine!.id })).toBeNull();
      expect(await getOutputInputsForUser({ db, userId: ada.id, outputId: mine!.id })).toEqual({ templateId: "description", inputs: { productName: "Ada's board" } });
      expect(await updateOutput({ db, userId: bob.id, id: mine!.id, changes: { content: "Hacked", favorite: false } })).toBeNull();
      expect(await deleteOutput({ db, userId: bob.id, id: mine!.id })).toBeNull();
      await deleteOutput({ db, userId: ada.id, id: mine!.id });
      expect(await restoreOutput({ db, userId: bob.id, id: mine!.id })).toBeNull();
      expect(await restoreOutput({ db, userId: ada.id, id: mine!.id })).toMatchObject({ content: "Ada's bamboo copy", favorite: true });
      const rows: OutputView[] = [];
      for await (const output of iterateOutputs({ db, userId: bob.id })) rows.push(output);
      expect(rows).toEqual([]);
    });

    it("every route answers 404 for another user's id and 401 when signed out", async () => {
      const [mine] = await seed(ada, [{ content: "Ada's copy" }]);
      const one = url(`/api/outputs/${mine!.id}`);
      for (const request of [new Request(one), new Request(one, { method: "PATCH", body: JSON.stringify({ favorite: true }) }), new Request(one, { method: "DELETE" })]) {
        const response = await handleOutputRequest(ctx(bob, request), mine!.id);
        expect(response.status, request.method).toBe(404);
        expect(await json(response)).toEqual({ code: "NOT_FOUND", error: "This output does not exist or was deleted.", requestId: "req-test" });
      }
      await deleteOutput({ db: testDb.db, userId: ada.id, id: mine!.id });
      expect((await handleRestoreOutput(ctx(bob, new Request(`${one}/restore`, { method: "POST" })), mine!.id)).status).toBe(404);
      const list = await json(await handleListOutputs(ctx(bob, new Request(url("/api/outputs")))));
      expect(list).toEqual({ items: [], nextCursor: null });

      for (const response of [
        await handleListOutputs(ctx(null, new Request(url("/api/outputs")))),
        await handleOutputRequest(ctx(null, new Request(one, { method: "PATCH", body: "{}" })), mine!.id),
        await handleOutputRequest(ctx(null, new Request(one, { method: "DELETE" })), mine!.id),
        await handleRestoreOutput(ctx(null, new Request(`${one}/restore`, { method: "POST" })), mine!.id),
      ]) {
        expect(response.status).toBe(401);
        expect(response.headers.get("content-type")).toMatch(/application\/json/);
        expect(await json(response)).toEqual({ code: "SIGNED_OUT", error: "Sign in to continue.", requestId: "req-test" });
      }
    });
  });

  describe("HTTP behaviour", () => {
    it("GET /api/outputs: filters, cursor, capped limit and clear 400s", async () => {
      await seed(ada, Array.from({ length: 105 }, (_, i) => ({ content: `Bamboo output ${i}`, favorite: i < 3, templateId: i % 2 ? "review" : "description" })));
      const get = async (query: string) => handleListOutputs(ctx(ada, new Request(url(`/api/outputs${query}`))));

      const capped = await json(await get("?limit=500"));
      expect((capped.items as unknown[]).length).toBe(100);
      const page = await json(await get("?limit=2&favorite=true"));
      expect((page.items as OutputView[]).every((o) => o.favorite)).toBe(true);
      const next = await json(await get(`?limit=2&favorite=true&cursor=${page.nextCursor as string}`));
      expect(next).toMatchObject({ nextCursor: null });
      expect((next.items as unknown[]).length).toBe(1);
      expect(((await json(await get("?templateId=review&q=bamboo"))).items as OutputView[]).every((o) => o.templateId === "review")).toBe(true);
      expect((await get("?q=%27%3B%20drop%20table%20output%3B%20--")).status).toBe(200);
      expect(await json(await get("?marketplace=amazon.de&language=de"))).toEqual({ items: [], nextCursor: null });
      expect(((await json(await get("?marketplace=amazon.com&language=en&limit=3"))).items as unknown[]).length).toBe(3);
      expect((await get("?q=%22%20OR%201%3D1%20--&favorite=false")).status).toBe(200);

      const badCursor = await get("?cursor=%%%not-base64");
      expect(badCursor.status).toBe(400);
      const cursorMessage = "The page position (cursor) is not valid. Reload the list and try again.";
      expect(await json(badCursor)).toEqual({ code: "INVALID_CURSOR", error: cursorMessage, requestId: "req-test", fieldErrors: { cursor: cursorMessage } });
      const forged = await get(`?cursor=${Buffer.from('{"c":1}').toString("base64url")}`);
      expect(forged.status).toBe(400);
      expect((await json(forged)).code).toBe("INVALID_CURSOR");
      for (const [query, message] of [
        ["?limit=abc", "limit must be a whole number from 1 to 100."],
        ["?limit=0", "limit must be a whole number from 1 to 100."],
        ["?favorite=maybe", "favorite must be true or false."],
        [`?q=${"a".repeat(201)}`, "Search text can be at most 200 characters."],
        ["?templateId=%3Cscript%3E", "templateId is not a template id."],
        ["?marketplace=amazon.moon", "marketplace must be a store Sellscribe knows, such as amazon.de."],
        ["?language=klingon", "language must be a language code of a store, such as de."],
      ] as const) {
        const response = await get(query);
        expect(response.status, query).toBe(400);
        expect((await json(response)).error, query).toBe(message);
      }
      expect((await handleListOutputs(ctx(ada, new Request(url("/api/outputs"), { method: "POST", body: "{}" })))).status).toBe(405);
    });

    it("PATCH /api/outputs/:id: favorite and content, with messages for bad input", async () => {
      const [output] = await seed(ada, [{ content: "Draft" }]);
      const patch = (body: string) => handleOutputRequest(ctx(ada, new Request(url(`/api/outputs/${output!.id}`), { method: "PATCH", body })), output!.id);
      const favorite = await patch(JSON.stringify({ favorite: true }));
      expect(favorite.status).toBe(200);
      expect(((await json(favorite)).output as OutputView).favorite).toBe(true);
      const edited = await patch(JSON.stringify({ content: "  Final copy  " }));
      expect(((await json(edited)).output as OutputView).content).toBe("Final copy");

      const empty = await patch(JSON.stringify({ content: "   " }));
      expect(empty.status).toBe(400);
      expect(await json(empty)).toEqual({ code: "INVALID_CONTENT", error: "The text cannot be empty.", requestId: "req-test", fieldErrors: { content: "The text cannot be empty." } });
      const long = await patch(JSON.stringify({ content: "x".repeat(5001) }));
      expect(long.status).toBe(400);
      expect((await json(long)).error).toBe("The text can be at most 5,000 characters (it has 5,001).");
      expect((await patch(JSON.stringify({ content: "x".repeat(5000) }))).status).toBe(200);
      for (const body of ["not json", "{}", JSON.stringify({ favorite: "yes" }), JSON.stringify({ content: 5 }), JSON.stringify({ favorite: true, userId: bob.id })]) {
        const response = await patch(body);
        expect(response.status, body).toBe(400);
        expect((await json(response)).error, body).toMatch(/./);
      }
      expect((await handleOutputRequest(ctx(ada, new Request(url(`/api/outputs/${output!.id}`), { method: "PUT", body: "{}" })), output!.id)).status).toBe(405);
      expect((await handleOutputRequest(ctx(ada, new Request(url("/api/outputs/missing"), { method: "PATCH", body: '{"favorite":true}' })), "missing")).status).toBe(404);
    });

    it("DELETE /api/outputs/:id, then POST …/restore brings it back", async () => {
      const [output] = await seed(ada, [{ content: "Keep me" }]);
      const deleted = await handleOutputRequest(ctx(ada, new Request(url(`/api/outputs/${output!.id}`), { method: "DELETE" })), output!.id);
      expect(deleted.status).toBe(200);
      const body = await json(deleted);
      expect(body).toMatchObject({ output: { id: output!.id }, restore: { method: "POST", url: `/api/outputs/${output!.id}/restore` } });
      expect((await handleOutputRequest(ctx(ada, new Request(url(`/api/outputs/${output!.id}`))), output!.id)).status).toBe(404);
      const restored = await handleRestoreOutput(ctx(ada, new Request(url(`/api/outputs/${output!.id}/restore`), { method: "POST" })), output!.id);
      expect(restored.status).toBe(200);
      expect((await json(restored)).output).toEqual(output);
      const again = await handleRestoreOutput(ctx(ada, new Request(url(`/api/outputs/${output!.id}/restore`), { method: "POST" })), output!.id);
      expect(again.status).toBe(404);
      expect((await json(again)).error).toBe("This output can no longer be restored.");
    });
  });

  describe("export", () => {
    it("CSV: every row of the filter, UTF-8 with BOM, quoted, formulas defused", async () => {
      const rows: Seed[] = Array.from({ length: 620 }, (_, i) => ({ content: `Plain output ${i}` }));
      rows.push({ content: '=HYPERLINK("http://evil.example","click")', favorite: true });
      rows.push({ content: 'Line one\nLine "two", with comma', templateId: "review", inputs: { productName: "Mug", toneOfVoice: "Formal", rating: "4 stars" } });
      rows.push({ content: "+1 great", favorite: true });
      rows.push({ content: "-5% off" });
      rows.push({ content: "@mention ñandú café 🚀" });
      await seed(ada, rows);
      await seed(bob, [{ content: "Bob's output" }]);

      const response = exportOutputsResponse({ db: testDb.db, userId: ada.id, filter: {}, format: "csv", locale: "en", fileStem: "sellscribe-history" });
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="sellscribe-history-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
      expect(text.startsWith('\uFEFF"Content","Template type","Inputs","Favorite","Date"\r\n')).toBe(true);
      expect(text).toContain('"\'@mention ñandú café 🚀","Product Description"');
      expect(text).toContain('"\'-5% off"');
      expect(text).toContain('"\'+1 great","Product Description","Product name: Bamboo board\nTone of voice: Casual","yes"');
      expect(text).toContain('"Line one\nLine ""two"", with comma","Reviews","Product name: Mug\nTone of voice: Formal\nRating: 4 stars","no"');
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(text).not.toContain("Bob's output");
      // 625 outputs and the header: more than one page of the batch.
      expect(text.match(/"(?:yes|no)","\d{4}-\d{2}-\d{2}T/g)).toHaveLength(625);

      const favorites = await exportOutputsResponse({ db: testDb.db, userId: ada.id, filter: { favorite: true }, format: "txt", locale: "es", fileStem: "sellscribe-favorites" }).text();
      expect(favorites).toContain("+1 great");
      expect(favorites).toContain("★ Favorito");
      expect(favorites).not.toContain("Plain output");
    });
  });
});
