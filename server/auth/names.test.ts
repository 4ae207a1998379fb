import { describe, expect, it } from "vitest";
import { joinName, splitDisplayName } from "./names.ts";

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
