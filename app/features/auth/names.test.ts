import { describe, expect, it } from "vitest";
import { hasUnprintable } from "#app/lib/printable.ts";
import { cleanName, joinName, maxNameLength, safeImageUrl, splitDisplayName } from "./names.ts";

describe("splitDisplayName (seed §3)", () => {
  it("takes the first word as first name and the second as last name", () => {
    expect(splitDisplayName("Ada Lovelace King")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(splitDisplayName("  Grace   Hopper ")).toEqual({ firstName: "Grace", lastName: "Hopper" });
  });

  it("copes with one word or none", () => {
    expect(splitDisplayName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
    expect(splitDisplayName("")).toEqual({ firstName: "", lastName: "" });
    expect(splitDisplayName(undefined)).toEqual({ firstName: "", lastName: "" });
  });

  it("joins names back without stray spaces", () => {
    expect(joinName("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(joinName(" Ada ", "")).toBe("Ada");
  });
});

describe("names from any door (issue 13)", () => {
  it("drops control and invisible characters and caps the length", () => {
    expect(cleanName("Ada\r\nLovelace")).toBe("Ada Lovelace");
    expect(cleanName("Eve\u202Eevil\u0000")).toBe("Eve evil");
    expect(cleanName("x".repeat(100_000))).toHaveLength(maxNameLength);
    expect(cleanName(42)).toBe("");
    expect(splitDisplayName("Ada\tLovelace\u2028King")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(splitDisplayName(`${"y".repeat(80)} Z`)).toEqual({ firstName: "y".repeat(maxNameLength), lastName: "Z" });
  });

  it("keeps accents, apostrophes and scripts other than Latin", () => {
    expect(cleanName("José O'Brien-Núñez")).toBe("José O'Brien-Núñez");
    expect(cleanName("  山田   太郎 ")).toBe("山田 太郎");
    expect(hasUnprintable("José")).toBe(false);
    expect(hasUnprintable("Jo\nsé")).toBe(true);
  });

  it("accepts only https picture addresses", () => {
    expect(safeImageUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(safeImageUrl("javascript:alert(1)")).toBeNull();
    expect(safeImageUrl("data:image/png;base64,AAAA")).toBeNull();
    expect(safeImageUrl("http://cdn.example.com/a.png")).toBeNull();
    expect(safeImageUrl("not a url")).toBeNull();
    expect(safeImageUrl(undefined)).toBeNull();
  });
});
