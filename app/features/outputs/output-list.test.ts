import { describe, expect, it } from "vitest";
import { appendPage, insertItem, mergeFirstPage } from "./output-list.ts";
import { checkOutputContent, searchTerms } from "./output-rules.ts";
import type { OutputView } from "./output-view.ts";

const output = (n: number): OutputView => ({ id: `id-${String(n).padStart(3, "0")}`, templateId: "description", content: `Output ${n}`, inputs: {}, favorite: false, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), editedAt: null, marketplace: null, language: null });
/** Outputs n..m, newest first. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => output(to - i));

describe("the history list", () => {
  it("keeps pages loaded beyond the first when the first page reloads, without a gap", () => {
    // Loaded: 30..21 (page 1) and 20..11 (page 2); the cursor points after 11.
    const loaded = { items: range(11, 30), nextCursor: "after-11" };
    // Two new outputs and one deletion (29) later, page 1 is 32..22 without 29.
    const fresh = { items: range(22, 32).filter((o) => o.id !== "id-029"), nextCursor: "after-22" };
    const merged = mergeFirstPage(loaded, fresh);
    expect(merged.items.map((o) => o.content)).toEqual([...range(22, 32), ...range(11, 21)].filter((o) => o.id !== "id-029").map((o) => o.content));
    expect(merged.nextCursor).toBe("after-11");
  });

  it("takes a reloaded page as is when it holds everything or nothing was loaded beyond it", () => {
    expect(mergeFirstPage({ items: range(1, 5), nextCursor: null }, { items: range(2, 6), nextCursor: null })).toEqual({ items: range(2, 6), nextCursor: null });
    expect(mergeFirstPage({ items: range(3, 5), nextCursor: "x" }, { items: range(3, 5), nextCursor: "y" })).toEqual({ items: range(3, 5), nextCursor: "y" });
  });

  it("appends without repeating and puts a restored output back in its place", () => {
    const list = appendPage({ items: range(5, 9), nextCursor: "a" }, { items: range(3, 5), nextCursor: null });
    expect(list.items.map((o) => o.id)).toEqual(range(3, 9).map((o) => o.id));
    const without7 = { items: list.items.filter((o) => o.id !== "id-007"), nextCursor: null };
    expect(insertItem(without7, output(7)).items.map((o) => o.id)).toEqual(range(3, 9).map((o) => o.id));
    // Older than everything loaded while more pages exist: "Load more" will bring it.
    expect(insertItem({ items: range(5, 9), nextCursor: "b" }, output(1)).items).toHaveLength(5);
  });
});

describe("output rules", () => {
  it("splits a search into words; quotes, operators and SQL are separators", () => {
    expect(searchTerms('"Bamboo" OR board* -knife')).toEqual(["bamboo", "or", "board", "knife"]);
    expect(searchTerms("'; DROP TABLE output; --")).toEqual(["drop", "table", "output"]);
    expect(searchTerms("Café   ÑANDÚ 100%")).toEqual(["café", "ñandú", "100"]);
    expect(searchTerms("%_\\\"'")).toEqual([]);
  });

  it("checks edited content", () => {
    expect(checkOutputContent("  Fine  ")).toEqual({ ok: true, content: "Fine" });
    expect(checkOutputContent(" \n ")).toEqual({ ok: false, key: "outputs.error.contentEmpty" });
    expect(checkOutputContent("x".repeat(5001))).toMatchObject({ ok: false, key: "outputs.error.contentTooLong" });
  });
});
