import { describe, expect, it } from "vitest";
import { cleanElement, livePieces, splitAnswer } from "./text-rule.server.ts";

const board = [
  "Elevate your kitchen prep with this bamboo cutting board set, made from sustainably grown bamboo that is gentle on knife edges.",
  "Three sizes cover everything from slicing a lemon to carving a roast, and the deep juice grooves keep counters clean.",
  "Each board is finished with food-safe mineral oil and rinses clean in seconds, so it is ready for the next meal.",
];
const reviews = [
  "I have used this board every day for a month and it still looks new. The juice groove actually works.",
  "Solid, good-looking and easy to clean. It is a little heavy, but that keeps it from sliding around.",
  "My old plastic board is in the recycling now. This one feels sturdy and my knives stay sharp.",
];

interface Case {
  name: string;
  count: number;
  answer: string;
  expected: string[];
}

// Realistic answers seen from chat models, with what Sellscribe must save from each.
const corpus: Case[] = [
  { name: "numbered '1.' with blank lines", count: 3, answer: `1. ${board[0]}\n\n2. ${board[1]}\n\n3. ${board[2]}`, expected: board },
  { name: "numbered '1)' with blank lines", count: 3, answer: `1) ${board[0]}\n\n2) ${board[1]}\n\n3) ${board[2]}`, expected: board },
  { name: "bold numbers '**1.**'", count: 3, answer: `**1.** ${board[0]}\n\n**2.** ${board[1]}\n\n**3.** ${board[2]}`, expected: board },
  { name: "dash bullets", count: 3, answer: `- ${board[0]}\n\n- ${board[1]}\n\n- ${board[2]}`, expected: board },
  { name: "'Review 1:' labels", count: 3, answer: `Review 1: ${reviews[0]}\n\nReview 2: ${reviews[1]}\n\nReview 3: ${reviews[2]}`, expected: reviews },
  { name: "label lines on their own", count: 3, answer: `**Review 1**\n${reviews[0]}\n\n**Review 2**\n${reviews[1]}\n\n**Review 3**\n${reviews[2]}`, expected: reviews },
  { name: "markdown heading labels", count: 2, answer: `### Description 1\n${board[0]}\n\n### Description 2\n${board[1]}`, expected: board.slice(0, 2) },
  {
    name: "stray heading 'Here are 3 descriptions:'",
    count: 3,
    answer: `Here are 3 product descriptions for your bamboo cutting board set:\n\n1. ${board[0]}\n\n2. ${board[1]}\n\n3. ${board[2]}`,
    expected: board,
  },
  { name: "intro on the line above the list", count: 3, answer: `Sure! Here are three descriptions:\n1. ${board[0]}\n2. ${board[1]}\n3. ${board[2]}`, expected: board },
  {
    name: "trailing remark 'Let me know if…'",
    count: 3,
    answer: `1. ${board[0]}\n\n2. ${board[1]}\n\n3. ${board[2]}\n\nLet me know if you'd like any adjustments to the tone or length!`,
    expected: board,
  },
  {
    name: "intro and outro together",
    count: 2,
    answer: `Certainly! Here are 2 reviews for the bamboo board.\n\n1. ${reviews[0]}\n\n2. ${reviews[1]}\n\nI hope these help with your listing.`,
    expected: reviews.slice(0, 2),
  },
  { name: "single-newline numbered list", count: 3, answer: `1. ${board[0]}\n2. ${board[1]}\n3. ${board[2]}`, expected: board },
  { name: "single-newline bullets (fallback)", count: 3, answer: `- ${board[0]}\n- ${board[1]}\n- ${board[2]}`, expected: board },
  { name: "unnumbered paragraphs", count: 3, answer: `${board[0]}\n\n${board[1]}\n\n${board[2]}`, expected: board },
  { name: "markdown bold inside the text", count: 2, answer: `1. **Built to last:** ${board[0]}\n\n2. **Easy care:** ${board[1]}`, expected: [`Built to last: ${board[0]}`, `Easy care: ${board[1]}`] },
  { name: "bold numbered title lines", count: 2, answer: "1. **Bamboo Cutting Board Set of 3**\n\n2. **Organic Bamboo Chopping Boards, 3 Sizes**", expected: ["Bamboo Cutting Board Set of 3", "Organic Bamboo Chopping Boards, 3 Sizes"] },
  { name: "CRLF line endings", count: 2, answer: `1. ${board[0]}\r\n\r\n2. ${board[1]}\r\n`, expected: board.slice(0, 2) },
  { name: "blank lines with spaces", count: 2, answer: `1. ${board[0]}\n   \n2. ${board[1]}`, expected: board.slice(0, 2) },
  { name: "more pieces than asked: first N kept", count: 2, answer: `1. ${board[0]}\n\n2. ${board[1]}\n\n3. ${board[2]}`, expected: board.slice(0, 2) },
  { name: "fewer pieces than asked", count: 3, answer: `1. ${board[0]}\n\n2. ${board[1]}`, expected: board.slice(0, 2) },
  {
    name: "multi-paragraph items merged into their number",
    count: 2,
    answer: `1. ${board[0]}\n\n${board[1]}\n\n2. ${board[2]}\n\n${reviews[0]}`,
    expected: [`${board[0]}\n\n${board[1]}`, `${board[2]}\n\n${reviews[0]}`],
  },
  { name: "separators between items", count: 2, answer: `${board[0]}\n\n---\n\n${board[1]}`, expected: board.slice(0, 2) },
  { name: "number on its own line", count: 2, answer: `1.\n${board[0]}\n\n2.\n${board[1]}`, expected: board.slice(0, 2) },
  { name: "parenthesised numbers", count: 2, answer: `(1) ${reviews[0]}\n\n(2) ${reviews[1]}`, expected: reviews.slice(0, 2) },
  { name: "'Option 1 -' labels", count: 2, answer: `Option 1 - ${board[0]}\n\nOption 2 - ${board[1]}`, expected: board.slice(0, 2) },
  { name: "double-digit numbering", count: 10, answer: Array.from({ length: 10 }, (_, i) => `${i + 1}. Title number ${i + 1} for the board`).join("\n\n"), expected: Array.from({ length: 10 }, (_, i) => `Title number ${i + 1} for the board`) },
  { name: "N = 1 plain answer", count: 1, answer: board[0]!, expected: [board[0]!] },
  { name: "N = 1 with an intro", count: 1, answer: `Here is a product description for your board:\n\n${board[0]}`, expected: [board[0]!] },
  { name: "N = 1 two paragraphs stay one output", count: 1, answer: `${board[0]}\n\n${board[1]}`, expected: [`${board[0]}\n\n${board[1]}`] },
  { name: "N = 1 answered as a list anyway", count: 1, answer: `1. ${board[0]}\n\n2. ${board[1]}`, expected: [board[0]!] },
  { name: "Spanish intro and outro", count: 2, answer: "¡Claro! Aquí tienes 2 descripciones:\n\n1. Tabla de bambú resistente y ligera.\n\n2. Juego de tres tablas para tu cocina.\n\nEspero que te sirvan.", expected: ["Tabla de bambú resistente y ligera.", "Juego de tres tablas para tu cocina."] },
  { name: "code fence around the list", count: 2, answer: "```\n1. Bamboo Cutting Board Set\n2. Organic Bamboo Chopping Board\n```", expected: ["Bamboo Cutting Board Set", "Organic Bamboo Chopping Board"] },
  { name: "a review that starts with 'Great' is kept", count: 2, answer: `Great value for the money. ${reviews[0]}\n\n${reviews[1]}`, expected: [`Great value for the money. ${reviews[0]}`, reviews[1]!] },
  { name: "a review that starts with 'If you need' is kept", count: 2, answer: `${reviews[0]}\n\nIf you need a sturdy board that does not slide, this is it.`, expected: [reviews[0]!, "If you need a sturdy board that does not slide, this is it."] },
  { name: "numbers like 1.5 inch are not markers", count: 1, answer: "1.5-inch thick bamboo that will not warp.", expected: ["1.5-inch thick bamboo that will not warp."] },
  { name: "empty answer", count: 3, answer: "\n\n  \n", expected: [] },
  { name: "commentary after the list", count: 2, answer: `1. ${board[0]}\n\n2. ${board[1]}\n\nEach description highlights the sustainable material and easy care.`, expected: board.slice(0, 2) },
];

describe("splitAnswer (the text rule)", () => {
  it("has a corpus of at least 30 realistic answers", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus)("$name", ({ answer, count, expected }) => {
    expect(splitAnswer(answer, count)).toEqual(expected);
  });

  it("keeps keywords as one output, without the remarks", () => {
    const answer = "Here are 4 keywords:\nbamboo cutting board\norganic chopping board set\nwood serving tray\nkitchen board with juice groove\n\nLet me know if you need more!";
    expect(splitAnswer(answer, 4, "single")).toEqual(["bamboo cutting board\norganic chopping board set\nwood serving tray\nkitchen board with juice groove"]);
  });
});

describe("livePieces (the rule while the answer streams)", () => {
  /** Feeds an answer in small chunks and checks every live view only ever grows, ending at the final split. */
  function stream(answer: string, count: number, chunk = 3) {
    const views: string[][] = [];
    for (let end = chunk; end < answer.length + chunk; end += chunk) views.push(livePieces(answer.slice(0, end), count).items);
    return views;
  }

  it("never shows a marker, an intro or a remark that the final answer drops", () => {
    const answer = `Here are 3 descriptions:\n\n1. ${board[0]}\n\n2. ${board[1]}\n\n3. ${board[2]}\n\nLet me know if you want changes.`;
    const views = stream(answer, 3);
    for (const view of views) {
      view.forEach((text, i) => expect(board[i]!.startsWith(text), `${i}: ${text}`).toBe(true));
    }
    expect(views.at(-1)).toEqual(board);
  });

  it("streams the first words as soon as they are clearly content", () => {
    expect(livePieces("1. Elev", 3).items).toEqual(["Elev"]);
    expect(livePieces("1", 3).items).toEqual([]);
    expect(livePieces("**Review 1", 3).items).toEqual([]);
    expect(livePieces("Here are", 3).items).toEqual([]);
  });

  it("settles an item once the next numbered item starts", () => {
    expect(livePieces(`1. ${board[0]}\n\n2. Thr`, 3)).toEqual({ items: [board[0], "Thr"], complete: 1 });
    expect(livePieces(`${board[0]}\n\n${board[1]}`, 3).complete).toBe(0);
  });
});

describe("cleanElement (structured output)", () => {
  it("removes numbers and Markdown a model put inside a JSON string", () => {
    expect(cleanElement("1. **Bamboo** board  ")).toBe("Bamboo board");
    expect(cleanElement("A plain description.")).toBe("A plain description.");
  });
});

describe("livePieces over the whole corpus", () => {
  it.each(corpus)("streams '$name' in 1, 2 and 5 character chunks without taking text back", ({ answer, count }) => {
    const final = splitAnswer(answer, count);
    for (const size of [1, 2, 5]) {
      const shown: string[] = [];
      for (let end = size; end < answer.length + size; end += size) {
        livePieces(answer.slice(0, end), count).items.forEach((text, i) => {
          expect(text.startsWith(shown[i] ?? ""), `chunk ${size}, output ${i}: "${shown[i]}" then "${text}"`).toBe(true);
          shown[i] = text;
        });
      }
      final.forEach((text, i) => expect(text.startsWith(shown[i] ?? "")).toBe(true));
      expect(shown.length).toBeLessThanOrEqual(Math.max(final.length, 1));
    }
  });
});
