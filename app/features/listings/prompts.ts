// The prompt for one section of a listing. The limits are the rule set's, stated as numbers the model
// is asked to respect; the code checks them anyway (models cannot count characters or bytes reliably).
import { translate } from "#app/i18n/i18n.ts";
import type { RuleSet, SectionName, Violation } from "#app/features/rules/types.ts";
import { languageName, writingConventions } from "#app/features/marketplaces/registry.ts";
import { featureList, wordsToAvoidList, type ListingFacts } from "./types.ts";

export { languageName } from "#app/features/marketplaces/registry.ts";

/** How many bullets to ask for: the most the rule set allows. */
export const bulletsToWrite = (ruleSet: RuleSet) => ruleSet.sections.bullets.maxCount;

export interface SectionPromptInput {
  section: SectionName;
  facts: ListingFacts;
  ruleSet: RuleSet;
  language: string;
  /** The listing's Listings API tag ("de_DE") and its store's country ("DE"): the prompt states their conventions. */
  languageTag?: string;
  storeCountry?: string;
  otherBrands: readonly string[];
  /** The title already written (search terms should add other words). */
  title?: string;
  /** The last try and what it broke: the model rewrites it. */
  previous?: { text: string; violations: readonly Violation[] };
  /** The listing's keyword bank (phrases with search volumes). */
  keywords?: readonly { phrase: string; volume: number | null }[];
  /** The same product's finished listing for another store: this section's text there, for reference. */
  reference?: { store: string; language: string; text: string };
  /** A fix of the live listing (issue 33): its text now, the errors it has, and what a too-long title loses. */
  fix?: { live: string; violations: readonly Violation[]; cutFromTitle?: string };
}

/** How many of the bank's phrases, highest volume first, each section is shown. */
const keywordsShown: Record<SectionName, number> = { title: 8, itemHighlights: 12, bullets: 30, description: 30, searchTerms: 60 };

function keywordBlock(section: SectionName, keywords: SectionPromptInput["keywords"]): string | undefined {
  if (!keywords || keywords.length === 0) return undefined;
  const top = [...keywords].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1)).slice(0, keywordsShown[section]);
  const list = top.map((keyword) => `- ${keyword.phrase}${keyword.volume !== null ? ` (${keyword.volume} searches)` : ""}`).join("\n");
  const use =
    section === "searchTerms"
      ? "Cover the words of these phrases that the title does not hold, highest search volume first."
      : "Use the highest-volume phrases where they read naturally; never stuff keywords, never break a rule above to fit one in.";
  return `Keywords shoppers search for, highest volume first:\n${list}\n${use}`;
}

function describeViolation(violation: Violation): string {
  return translate("en", `lint.${violation.code}`, violation.params ?? {});
}

function factsBlock(facts: ListingFacts): string {
  const features = featureList(facts);
  return [
    `Brand: ${facts.brand}`,
    `Product name: ${facts.productName}`,
    facts.productType && `Product type: ${facts.productType}`,
    features.length > 0 && `Key features:\n${features.map((feature) => `- ${feature}`).join("\n")}`,
    facts.targetAudience && `Target audience: ${facts.targetAudience}`,
    `Tone: ${facts.tone}`,
  ]
    .filter(Boolean)
    .join("\n");
}

function sectionInstructions({ section, ruleSet, facts, otherBrands, title }: SectionPromptInput): string {
  const rules = ruleSet.sections;
  const banned = [...ruleSet.bannedTitleCharacters].join(" ");
  switch (section) {
    case "title":
      return [
        `Write the product title: at most ${rules.title.limits.maxChars} characters including spaces, at least ${rules.title.limits.minChars ?? 1}.`,
        `Start with the brand, then what the product is, then its most important attribute (size, material, quantity, colour).`,
        `Capitalize the first letter of each major word. No promotional words, none of these characters: ${banned}, no word more than ${ruleSet.maxWordRepeats} times.`,
        `Answer with the title only, on one line.`,
      ].join("\n");
    case "itemHighlights":
      return [
        `Write the item highlights: at most ${rules.itemHighlights?.limits.maxChars ?? 125} characters, the product's key attributes as short phrases separated by commas (what did not fit in a short title).`,
        `Answer with the highlights only, on one line.`,
      ].join("\n");
    case "bullets":
      return [
        `Write exactly ${bulletsToWrite(ruleSet)} bullet points, one per line, with no numbers, dashes or bullet symbols in front.`,
        `Each is ${rules.bullets.limits.minChars ?? 10}–${rules.bullets.limits.maxChars} characters (aim for 150–200): a short benefit in normal case and a colon, then one or two sentences with the facts behind it.`,
        `No prices, shipping, guarantees, contact details, emojis or symbols such as ™ ®.`,
      ].join("\n");
    case "description":
      return [
        `Write the product description: at most ${rules.description.limits.maxChars} characters, two to four short paragraphs separated by a blank line, plain text without HTML.`,
        `Tell the shopper what the product is, who it is for and how it is used; no prices, shipping, guarantees or contact details.`,
      ].join("\n");
    case "searchTerms":
      return [
        `Write the backend search terms: lower-case words separated by single spaces, together under ${rules.searchTerms.limits.maxBytes ?? 249} bytes of UTF-8, no punctuation.`,
        `Add synonyms, other names, uses and audiences a shopper might search for; never repeat a word, and leave out words already in the title${title ? ` ("${title}")` : ""}.`,
        `Never name a brand: not ${[facts.brand, ...otherBrands].map((brand) => `"${brand}"`).join(", ")}. No temporary or subjective words (new, best, amazing).`,
        `Answer with the search terms only, on one line.`,
      ].join("\n");
  }
}

/** A fix starts from the live text: the model changes what breaks a rule and keeps every fact. */
function fixBlock(section: SectionName, fix: NonNullable<SectionPromptInput["fix"]>): string[] {
  const parts: string[] = [];
  if (fix.live.trim() !== "") {
    if (fix.violations.length > 0) parts.push(`The live text of this section breaks these rules:\n${fix.violations.map((violation) => `- ${describeViolation(violation)}`).join("\n")}`);
    parts.push(`Live text:\n${fix.live}`, `Rewrite it: keep the facts, change only what breaks the rule.`);
  }
  if (fix.cutFromTitle && section === "title") parts.push(`Words that do not fit go to the item highlights; keep the brand and what the product is.`);
  if (fix.cutFromTitle && section === "itemHighlights") parts.push(`These words were cut from the title to fit its limit; keep them here: ${fix.cutFromTitle}`);
  return parts;
}

/** The system and user prompt for one section (or its rewrite, with the rules it broke). */
export function buildSectionPrompt(input: SectionPromptInput): { system: string; prompt: string } {
  const language = languageName(input.language);
  const avoid = wordsToAvoidList(input.facts);
  const system = [
    `You write Amazon product listings that follow Amazon's listing rules exactly. Write in ${language}, natively, as a seller in that store would.`,
    ...(input.languageTag ? [`Write ${writingConventions(input.languageTag, input.storeCountry)}`] : []),
    `Use only the facts given; never invent certifications, awards or claims.`,
  ].join(" ");
  const parts = [`Section: ${input.section}`, factsBlock(input.facts), sectionInstructions(input)];
  const keywords = keywordBlock(input.section, input.keywords);
  if (keywords) parts.push(keywords);
  if (input.reference && input.reference.text.trim() !== "") {
    parts.push(
      `The same product's listing on ${input.reference.store} (${languageName(input.reference.language)}), for reference only:\n${input.reference.text}\n` +
        `Write this store's version natively in ${language}, as a local seller would (idiom, units, spelling, decimal marks); do not translate it word for word.`,
    );
  }
  if (avoid.length > 0) parts.push(`Never use these words: ${avoid.join(", ")}.`);
  if (input.fix) parts.push(...fixBlock(input.section, input.fix));
  if (input.previous) {
    parts.push(
      `Your last answer broke these rules:\n${input.previous.violations.map((violation) => `- ${describeViolation(violation)}`).join("\n")}`,
      `Last answer:\n${input.previous.text}`,
      `Rewrite it so that it follows every rule.`,
    );
  }
  return { system, prompt: parts.join("\n\n") };
}
