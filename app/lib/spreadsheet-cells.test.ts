import { describe, expect, it } from "vitest";
import { csvField, inertCell } from "./spreadsheet-cells.ts";

const formulaStarts = ["=", "+", "-", "@", "\t", "\r", "\n", "\0", "＝", "＋", "－", "＠"];

describe("inertCell", () => {
  it("puts an apostrophe before every start a spreadsheet may run as a formula", () => {
    for (const start of formulaStarts) expect(inertCell(`${start}HYPERLINK("http://evil.example")`)).toBe(`'${start}HYPERLINK("http://evil.example")`);
    expect(inertCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(inertCell("+49 30 1234")).toBe("'+49 30 1234");
    expect(inertCell("-10 % off")).toBe("'-10 % off");
  });
  it("leaves ordinary text, empty cells and plain negative numbers as they are", () => {
    for (const text of ["", "Lamp", "a=b", " =not first", "'already text", "Küchenglück", "-120", "-0.5"]) expect(inertCell(text)).toBe(text);
    // Only a plain number is spared: anything after it is a formula again.
    expect(inertCell("-1+1")).toBe("'-1+1");
    expect(inertCell("-1e3")).toBe("'-1e3");
  });
});

describe("csvField", () => {
  it("quotes every value, doubles its quotes and makes it inert", () => {
    expect(csvField("Lamp")).toBe('"Lamp"');
    expect(csvField('12" board')).toBe('"12"" board"');
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvField("a,b\nc")).toBe('"a,b\nc"');
    expect(csvField("-120")).toBe('"-120"');
  });
});
