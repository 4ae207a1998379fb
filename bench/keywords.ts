// Keyword coverage and search-term packing of a 2,000-phrase bank against a full listing, as the builder
// runs them (the gauge on every edit, "Fill search terms" on a click): p50/p99, target p99 <= 20 ms each (issue 16).
import { performance } from "node:perf_hooks";
import { keywordCoverage } from "#app/features/keywords/coverage.ts";
import { packSearchTerms } from "#app/features/keywords/pack.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";

const target = { p99Ms: 20 };
const bankSize = 2000;

const adjectives = ["bamboo", "wooden", "large", "small", "thick", "organic", "acacia", "teak", "round", "extra large", "non slip", "reversible", "heavy duty", "kids", "personalized"];
const nouns = ["cutting board", "chopping block", "serving tray", "charcuterie board", "butcher block", "bread board", "cheese board", "carving board", "meal prep board", "pizza peel"];
const extras = ["with handle", "set of 3", "for kitchen", "with juice groove", "for meat", "dishwasher safe", "gift", "for camping", "for vegetables", "with feet", "2 pack", "18x12"];

/** A realistic bank: adjective + noun (+ extra) phrases with falling volumes. */
function bank(): { phrase: string; volume: number }[] {
  const phrases: { phrase: string; volume: number }[] = [];
  for (let i = 0; phrases.length < bankSize; i++) {
    const phrase = [adjectives[i % adjectives.length], nouns[Math.floor(i / adjectives.length) % nouns.length], i % 3 === 0 ? extras[i % extras.length] : "", i >= 1500 ? `v${i}` : ""].filter(Boolean).join(" ");
    phrases.push({ phrase, volume: Math.round(200_000 / (i + 1)) });
  }
  return phrases;
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

export function runKeywordBench({ runs = 300 }: { runs?: number } = {}) {
  const ruleSet = getRuleSet("amazon-2026-07")!;
  const keywords = bank();
  const coverage: number[] = [];
  const pack: number[] = [];
  for (let i = 0; i < runs + 30; i++) {
    const sections = {
      title: `Acme Bamboo Cutting Board Set of 3 with Juice Groove ${i}`,
      itemHighlights: "Three sizes, deep juice groove, reversible, non slip feet, organic bamboo",
      bullets: ["Three sizes for meal prep", "Deep juice groove for meat", "Reversible with handle", "Gentle on knives", `Gift ready ${i}`].map((topic) => `${topic}: sanded twice and sealed with food-safe oil, so it stays smooth and resists stains.`),
      description: `Serve cheese, carve roasts and chop vegetables. ${"Each board is cut from solid bamboo and finished by hand. ".repeat(20)}`,
      searchTerms: `chopping block butcher serving tray charcuterie platter teak acacia ${i}`,
    };
    let started = performance.now();
    keywordCoverage({ sections, keywords, language: "en" });
    if (i >= 30) coverage.push(performance.now() - started);
    started = performance.now();
    packSearchTerms({ ruleSet, language: "en", brand: "Acme", otherBrands: ["OXO"], sections, keywords });
    if (i >= 30) pack.push(performance.now() - started);
  }
  return { runs, bankSize, coverage: percentiles(coverage), pack: percentiles(pack) };
}

export function printKeywords(figures: ReturnType<typeof runKeywordBench>): void {
  const line = (name: string, { p50, p99 }: { p50: number; p99: number }) =>
    `${name}: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms${p99 <= target.p99Ms ? "" : " !"} (target p99 <= ${target.p99Ms} ms)`;
  console.log(`\nKeywords: a ${figures.bankSize}-phrase bank against a full listing (${figures.runs} runs)`);
  console.log(line("coverage", figures.coverage));
  console.log(line("packing", figures.pack));
}
