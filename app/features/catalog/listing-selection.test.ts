// The catalog's selection (issue 33 item 6): chosen across pages by id, let go of, and stopped at the most one
// fix job holds, saying so, without losing what was chosen.
import { describe, expect, it } from "vitest";
import { selectListings } from "./listing-selection.ts";

describe("selectListings", () => {
  it("adds and removes by id, keeping what other pages chose", () => {
    const firstPage = selectListings(new Set(), ["a", "b"], true, 10).next;
    const both = selectListings(firstPage, ["c"], true, 10);
    expect([...both.next]).toEqual(["a", "b", "c"]);
    expect(both.refused).toBe(false);
    expect([...selectListings(both.next, ["a", "b"], false, 10).next]).toEqual(["c"]);
  });

  it("stops at the cap and says so; choosing again what is chosen, or letting go, is never refused", () => {
    const full = selectListings(new Set(["a", "b"]), ["c", "d", "e"], true, 3);
    expect([...full.next]).toEqual(["a", "b", "c"]);
    expect(full.refused).toBe(true);
    expect(selectListings(full.next, ["a", "c"], true, 3).refused).toBe(false);
    expect(selectListings(full.next, ["d"], false, 3).refused).toBe(false);
  });
});
