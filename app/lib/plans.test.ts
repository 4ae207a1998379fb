import { describe, expect, it } from "vitest";
import { en } from "#app/i18n/en.ts";
import { allowsUsers, getPlan, isPlanId, plans, sharedFeatures, yearlySavingPercent } from "./plans.ts";

describe("plans", () => {
  it("sells the seed's three plans at the seed's prices and word allowances", () => {
    expect(plans.map((p) => [p.id, p.price.monthly, p.price.yearly, p.words])).toEqual([
      ["starter", 9, 97, 5_000],
      ["pro", 19, 205, 20_000],
      ["enterprise", 45, 450, 50_000],
    ]);
  });

  it("marks only Pro as most popular", () => {
    expect(plans.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(["pro"]);
  });

  it("limits Starter to one user and leaves the others unlimited", () => {
    expect(allowsUsers(getPlan("starter"), 1)).toBe(true);
    expect(allowsUsers(getPlan("starter"), 2)).toBe(false);
    expect(allowsUsers(getPlan("pro"), 500)).toBe(true);
    expect(allowsUsers(getPlan("enterprise"), 500)).toBe(true);
  });

  it("states the seed's store ranges", () => {
    expect(plans.map((p) => en[p.stores])).toEqual(["1-5 stores", "5-25 stores", "25+ stores"]);
  });

  it("makes yearly billing at least 10% cheaper than twelve months", () => {
    for (const plan of plans) expect(yearlySavingPercent(plan)).toBeGreaterThanOrEqual(10);
  });

  it("lists the shared features of every plan", () => {
    expect(sharedFeatures.map((key) => en[key])).toEqual([
      "Product description generation",
      "Product name generation",
      "Product review generation",
      "Improve and rewrite copy",
      "24/7 support",
    ]);
  });

  it("recognises plan ids and rejects anything else", () => {
    expect(isPlanId("pro")).toBe(true);
    expect(isPlanId("platinum")).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
    expect(() => getPlan("platinum" as never)).toThrow(/Unknown plan/);
  });
});
