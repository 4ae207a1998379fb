import { describe, expect, it } from "vitest";
import { getTemplateById } from "#app/templates/registry.ts";
import { titleMaxLength } from "#app/templates/product-title.ts";
import { composeOffline } from "./compose.ts";

const board = { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives\nDeep juice grooves\nThree sizes", toneOfVoice: "Professional" };

describe("the offline composers", () => {
  it("writes readable copy from the inputs, different for every output, the same for the same inputs", () => {
    const outputs = composeOffline("description", board, 5, 5);
    expect(new Set(outputs).size).toBe(5);
    expect(composeOffline("description", board, 5, 5)).toEqual(outputs);
    for (const text of outputs) {
      expect(text).toContain("Bamboo Cutting Board Set");
      expect(text).toMatch(/gentle on knives|deep juice grooves|three sizes/i);
      expect(text).not.toMatch(/lorem|ipsum/i);
      expect(text.split(/\s+/).length).toBeGreaterThan(25);
    }
  });

  it("follows the tone", () => {
    const casual = composeOffline("description", { ...board, toneOfVoice: "Casual" }, 3, 3).join(" ");
    const formal = composeOffline("description", board, 3, 3).join(" ");
    expect(casual).not.toEqual(formal);
    expect(casual).toMatch(/\?|Bonus|Say hello|You deserve/);
  });

  it("writes reviews that match the rating, without the star count or a reviewer name", () => {
    const glowing = composeOffline("review", { productName: "Mug", toneOfVoice: "Casual", rating: "5 stars" }, 3, 3);
    const poor = composeOffline("review", { productName: "Mug", toneOfVoice: "Casual", rating: "1 stars" }, 3, 3);
    expect(glowing.join(" ")).toMatch(/love|blew me away|Best purchase/);
    expect(poor.join(" ")).toMatch(/let me down|not for me|wanted to like/i);
    for (const text of [...glowing, ...poor]) expect(text).not.toMatch(/\bstars?\b/i);
  });

  it("improves existing copy: keeps its facts, drops filler and shouting", () => {
    const [first] = composeOffline("existingCopy", { copy: "this board is VERY good!! it keeps knives sharp" }, 1, 1);
    expect(first).toBe("This board is good. It keeps knives sharp.");
    expect(new Set(composeOffline("existingCopy", { copy: "Great board." }, 3, 3)).size).toBe(3);
    // A decimal number or an abbreviation does not end a sentence.
    expect(composeOffline("existingCopy", { copy: "It is 2.5 cm thick, e.g. for bread. It keeps knives sharp" }, 2, 2)).toEqual(["It is 2.5 cm thick, e.g. for bread. It keeps knives sharp.", "It keeps knives sharp. It is 2.5 cm thick, e.g. for bread."]);
  });

  it("writes titles that keep Amazon's rules once finalized", () => {
    const template = getTemplateById("productTitle")!;
    const titles = composeOffline("productTitle", { brand: "Woodly", productName: "bamboo board", keyFeatures: "3 pieces, juice groove, best seller!" }, 6, 6).map(template.finalize!);
    expect(new Set(titles).size).toBe(6);
    for (const title of titles) {
      expect(title.length).toBeLessThanOrEqual(titleMaxLength);
      expect(title).not.toMatch(/[!$?_{}^¬¦]|best seller/i);
      expect(title).toMatch(/^Woodly /);
    }
  });

  it("derives the asked number of keywords from the name and description, as one output", () => {
    const [list] = composeOffline("keywords", { productName: "Bamboo Cutting Board Set", productDescription: "Organic bamboo boards with deep juice grooves" }, 8, 1);
    const lines = list!.split("\n");
    expect(lines).toHaveLength(8);
    expect(new Set(lines).size).toBe(8);
    expect(lines).toContain("bamboo cutting board");
    expect(lines).toContain("organic bamboo boards");
  });
});
