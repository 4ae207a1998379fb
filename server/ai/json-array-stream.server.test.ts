import { describe, expect, it } from "vitest";
import { createJsonArrayStream } from "./json-array-stream.server.ts";

function feed(text: string, size: number) {
  const parser = createJsonArrayStream();
  const seen: string[][] = [];
  for (let i = 0; i < text.length; i += size) {
    parser.push(text.slice(i, i + size));
    seen.push([...parser.elements()]);
  }
  return { parser, seen };
}

describe("createJsonArrayStream", () => {
  const elements = ["First \"quoted\" line\nwith a break", "Café ☕ — 100% bamboo \\ done", "Third"];
  const json = JSON.stringify({ elements });

  it.each([1, 2, 3, 7, 1000])("decodes every element whatever the chunk size (%i)", (size) => {
    const { parser, seen } = feed(json, size);
    expect(parser.elements()).toEqual(elements);
    expect(parser.closed).toBe(3);
    expect(parser.finished).toBe(true);
    // Each element only ever grows while it streams.
    for (let k = 1; k < seen.length; k++) {
      seen[k - 1]!.forEach((text, i) => expect(seen[k]![i]!.startsWith(text)).toBe(true));
    }
  });

  it("decodes \\u escapes split across chunks", () => {
    const { parser } = feed('{"elements":["caf\\u00e9 \\ud83d\\ude00"]}', 1);
    expect(parser.elements()).toEqual(["café 😀"]);
  });

  it("counts only finished strings as closed and ignores text around the array", () => {
    const parser = createJsonArrayStream();
    parser.push('```json\n{"elements": ["one", "tw');
    expect(parser.elements()).toEqual(["one", "tw"]);
    expect(parser.closed).toBe(1);
    expect(parser.finished).toBe(false);
  });

  it("skips elements that are not strings", () => {
    const { parser } = feed('{"elements":[{"text":"x]"}, 3, "kept", null, "also"]}', 2);
    expect(parser.elements()).toEqual(["kept", "also"]);
  });
});
