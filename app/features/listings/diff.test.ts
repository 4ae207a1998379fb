import { describe, expect, it } from "vitest";
import { diffWords } from "./diff.ts";

const changed = (pieces: { text: string; changed: boolean }[]) => pieces.filter((piece) => piece.changed).map((piece) => piece.text);
const whole = (pieces: { text: string }[]) => pieces.map((piece) => piece.text).join("");

describe("diffWords", () => {
  it("marks nothing when the texts are the same", () => {
    const diff = diffWords("Acme Bamboo Board", "Acme Bamboo Board");
    expect(changed(diff.left)).toEqual([]);
    expect(whole(diff.right)).toBe("Acme Bamboo Board");
  });
  it("marks a replaced word on both sides", () => {
    const diff = diffWords("Acme Bamboo Cutting Board, Large", "Acme Bamboo Chopping Board, Large");
    expect(changed(diff.left)).toEqual(["Cutting"]);
    expect(changed(diff.right)).toEqual(["Chopping"]);
  });
  it("marks added words on the right only", () => {
    const diff = diffWords("Acme Yoga Mat", "Acme Yoga Mat, 6 mm Thick");
    expect(changed(diff.left)).toEqual([]);
    expect(changed(diff.right)).toEqual([", 6 mm Thick"]);
  });
  it("keeps every character of both texts", () => {
    const left = "Line one.\n\nLine two here.";
    const right = "Line one changed.\n\nLine two.";
    const diff = diffWords(left, right);
    expect(whole(diff.left)).toBe(left);
    expect(whole(diff.right)).toBe(right);
  });
  it("handles an empty side", () => {
    expect(diffWords("", "New text").right).toEqual([{ text: "New text", changed: true }]);
    expect(diffWords("Old text", "").left).toEqual([{ text: "Old text", changed: true }]);
  });
  it("treats non-ASCII words like any other", () => {
    expect(changed(diffWords("Küchenglück Brett groß", "Küchenglück Brett klein").right)).toEqual(["klein"]);
  });
});
