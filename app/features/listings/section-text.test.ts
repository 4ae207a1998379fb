import { describe, expect, it } from "vitest";
import { cleanSectionText, splitBullets } from "./section-text.ts";

describe("cleanSectionText", () => {
  it("keeps a clean title as it is", () => {
    expect(cleanSectionText("title", "Acme Bamboo Cutting Board Set, 3 Sizes")).toBe("Acme Bamboo Cutting Board Set, 3 Sizes");
  });
  it("drops a label, quotes and markdown bold around a title", () => {
    expect(cleanSectionText("title", 'Title: "**Acme Bamboo Cutting Board**"')).toBe("Acme Bamboo Cutting Board");
    expect(cleanSectionText("title", "“Acme Yoga Mat, 6 mm”")).toBe("Acme Yoga Mat, 6 mm");
  });
  it("puts a title written over two lines on one", () => {
    expect(cleanSectionText("title", "Acme Dog Leash\n  Reflective, 6 ft\n")).toBe("Acme Dog Leash Reflective, 6 ft");
  });
  it("does not take a word that only starts like a label", () => {
    expect(cleanSectionText("title", "Titles and Subtitles Book Stand")).toBe("Titles and Subtitles Book Stand");
  });
  it("keeps the paragraphs of a description, at most one blank line between them", () => {
    expect(cleanSectionText("description", "Description:\nFirst paragraph.  \n\n\n\nSecond paragraph.\n")).toBe("First paragraph.\n\nSecond paragraph.");
  });
  it("puts search terms on one line", () => {
    expect(cleanSectionText("searchTerms", "Search terms: chopping board\nserving tray  butcher block")).toBe("chopping board serving tray butcher block");
  });
});

describe("splitBullets", () => {
  it("reads one bullet a line, with numbers, dashes and bullet marks removed", () => {
    const text = "1. Easy to clean: rinse it.\n\n2) Three sizes: for every job.\n- Juice groove: keeps the counter dry.\n• Gift ready: arrives boxed.\n* Solid bamboo: hard wearing.";
    expect(splitBullets(text)).toEqual(["Easy to clean: rinse it.", "Three sizes: for every job.", "Juice groove: keeps the counter dry.", "Gift ready: arrives boxed.", "Solid bamboo: hard wearing."]);
  });
  it("keeps a number that is part of the text", () => {
    expect(splitBullets("3 sizes in one set: small, medium and large.")).toEqual(["3 sizes in one set: small, medium and large."]);
  });
  it("keeps at most ten", () => {
    expect(splitBullets(Array.from({ length: 14 }, (_, i) => `Bullet number ${i + 1} here.`).join("\n"))).toHaveLength(10);
  });
  it("drops a label line and bold marks", () => {
    expect(splitBullets("Bullet points:\n**Soft grip:** padded handle.")).toEqual(["Soft grip: padded handle."]);
  });
});
