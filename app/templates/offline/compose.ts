// The offline composers of the five generators: readable copy from the inputs with fixed sentence patterns
// (deterministic: the same inputs give the same outputs), a different opening, structure and closing for
// each output, following the template, tone and rating. What they say in each language is the offline kit
// (./kit/<language>.ts, one entry per template); a language the kit has not gets English. The offline
// writer (server/ai/offline-writer.server.ts) streams what they compose (app/features/generate).
import type { TemplateInputs } from "#app/templates/types.ts";
import { isTemplateId, type TemplateId } from "#app/templates/registry.ts";
import { ratingStars } from "#app/templates/rules.ts";
import { stableHash } from "#app/lib/hash.ts";
import { offlineKits } from "./kit/index.ts";
import { englishStopWords } from "./kit/en.ts";
import type { Band, ExistingCopyText, OfflineKit } from "./kit/types.ts";
import { capitalize, joinList } from "./kit/words.ts";
import { offlineLang } from "./languages.ts";

type Compose = (inputs: TemplateInputs, index: number, count: number, lang: OfflineKit) => string;

const hash = stableHash;

/** Picks the pattern for output `index`: consecutive outputs never share one. */
function pick<T>(list: readonly T[], seed: number, index: number, salt = 0): T {
  return list[(seed + index + salt * 7) % list.length]!;
}

/** Benefit phrases from a free-text field: one per line, comma, semicolon or bullet. */
function phrases(text: string | undefined, lang: OfflineKit): string[] {
  return (text ?? "")
    .split(/\r?\n|[;•]|,(?!\d)/)
    .map((part) => part.replace(/^\s*(?:[-*]|\d+[.)](?!\d))\s*/, "").trim())
    .filter((part) => part.length > 1)
    .map((part) => lang.phrase(lang.numbers(part.replace(/[.!?]+$/u, ""))));
}

// ---------------------------------------------------------------------------------------------
// Product description

const describe: Compose = (inputs, index, _count, lang) => {
  const text = lang.templates.description;
  const name = inputs.productName?.trim() || text.product;
  const features = phrases(inputs.keyBenefitsFeatures, lang);
  const seed = hash(`description|${name}|${inputs.keyBenefitsFeatures}`);
  const tone = inputs.toneOfVoice === "Casual" ? "casual" : "formal";
  // Each output leads with a different feature, so the emphasis changes as well as the wording.
  const turn = features.length > 0 ? index % features.length : 0;
  const ordered = [...features.slice(turn), ...features.slice(0, turn)];
  const [lead, ...rest] = ordered;
  const sentences = [pick(text.openings[tone], seed, index)(name)];
  if (lead) sentences.push(pick(text.details[tone], seed, index, 1)(lead));
  if (rest.length > 0) sentences.push(pick(text.summaries[tone], seed, index, 2)(joinList(rest.slice(0, 4), lang.and)));
  sentences.push(pick(text.closings[tone], seed, index, 3)(name));
  // A name typed in lower case may open a sentence.
  return lang.typography(sentences.map(capitalize).join(" "));
};

// ---------------------------------------------------------------------------------------------
// Reviews

const review: Compose = (inputs, index, _count, lang) => {
  const text = lang.templates.review;
  const name = inputs.productName?.trim() || text.product;
  const stars = ratingStars(inputs.rating);
  const band: Band = stars <= 1 ? "low" : stars <= 3 ? "mixed" : stars === 4 ? "good" : "great";
  const tone = inputs.toneOfVoice === "Casual" ? "casual" : "formal";
  const seed = hash(`review|${name}|${inputs.rating}`);
  const base = pick(text.reviews[band][tone], seed, index).replaceAll("{name}", name);
  return lang.typography(`${base} ${pick(text.details[band], seed, index, 1)}`);
};

// ---------------------------------------------------------------------------------------------
// Improve existing copy

/** Stands in for an abbreviation's full stop while the copy is split into sentences. */
const keptDot = "\u{E000}";

/** The copy's sentences: a full stop inside a number ("2.5") or an abbreviation ("e.g.", "z. B.") does not end one. */
function sentences(text: string, abbreviations: readonly string[]): string[] {
  let kept = text.replace(/\s+/g, " ");
  for (const abbreviation of abbreviations) {
    const pattern = abbreviation
      .split(" ")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\s?");
    kept = kept.replace(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}`, "giu"), (match) => match.replaceAll(".", keptDot));
  }
  return (
    kept
      .match(/(?:[^.!?]|(?<=\d)\.(?=\d))+[.!?]*/g)
      ?.map((s) => s.replaceAll(keptDot, ".").trim())
      .filter(Boolean) ?? []
  );
}

/** Shouting (a word of four capitals or more) in sentence case. */
const shouting = /(?<![\p{L}\p{N}_])\p{Lu}{4,}(?![\p{L}\p{N}_])/gu;

function tidy(sentence: string, text: ExistingCopyText): string {
  const cleaned = sentence
    .replace(text.fillers, "")
    .replace(shouting, (word) => capitalize(word.toLowerCase()))
    .replace(/!{2,}/g, "!")
    .replace(/¡{2,}/g, "¡")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
  const withStop = /[.!?]$/.test(cleaned) ? cleaned : `${cleaned}.`;
  // An exclamation becomes a statement (a Spanish one loses its opening "¡").
  const calm = /!$/.test(withStop) ? withStop.replace(/!$/, ".").replace(/¡([^!¡]*)$/, "$1") : withStop;
  return calm.replace(/^([\s¡¿«"“„(]*)(\p{Ll})/u, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const improveCopy: Compose = (inputs, index, _count, lang) => {
  const text = lang.templates.existingCopy;
  const original = sentences(lang.numbers(inputs.copy ?? ""), text.abbreviations).map((s) => tidy(s, text));
  if (original.length === 0) return "";
  const lead = original.findIndex((s) => text.benefits.test(s));
  const variants = [
    original.join(" "),
    // Lead with the strongest benefit.
    (lead > 0 ? [original[lead]!, ...original.filter((_, i) => i !== lead)] : [...original].reverse()).join(" "),
    // Tighter: the first clause of long sentences.
    original.map((s) => (s.split(/\s+/).length > 18 ? tidy(s.split(/,|;| - | – /)[0]!, text) : s)).join(" "),
  ];
  const chosen = variants[index % variants.length]!;
  // Short copy can read the same in every variant: a neutral closing line keeps the outputs distinct.
  const repeated = variants.slice(0, index % variants.length).includes(chosen) || index >= variants.length;
  return lang.typography(repeated ? `${chosen} ${text.closings[index % text.closings.length]}` : chosen);
};

// ---------------------------------------------------------------------------------------------
// Product title

const productTitle: Compose = (inputs, index, _count, lang) => {
  const text = lang.templates.productTitle;
  const brand = inputs.brand?.trim();
  const name = text.titleCase(inputs.productName?.trim() || text.product);
  const all = phrases(inputs.keyFeatures, lang).map(text.titleCase);
  const patterns = text.patterns.length;
  // Beyond the patterns, the features rotate and a neutral extra keeps titles distinct.
  const turn = Math.floor(index / patterns);
  const features = all.length > 0 ? [...all.slice(turn % all.length), ...all.slice(0, turn % all.length)] : [];
  if (turn > 0) features.push(text.extras[(turn - 1) % text.extras.length]!);
  const withBrand = (title: string) => (brand && !title.toLowerCase().startsWith(brand.toLowerCase()) ? `${text.titleCase(brand)} ${title}` : title);
  return withBrand(pick(text.patterns, hash(`title|${name}|${inputs.keyFeatures}`), index)({ name, features }));
};

// ---------------------------------------------------------------------------------------------
// Keywords (one output: `count` phrases, one per line)

const keywords: Compose = (inputs, _index, count, lang) => {
  const text = lang.templates.keywords;
  const nameWords: string[] = (inputs.productName ?? "").toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const core = text.core(nameWords);
  const coreText = core.join(" ") || text.product;
  const head = text.head(core).join(" ") || coreText;
  const stopWords = text.stopWords;
  const candidates: string[] = [];
  const add = (phrase: string) => {
    const clean = phrase.replace(/\s+/g, " ").trim();
    if (clean && !candidates.includes(clean)) candidates.push(clean);
  };
  add(nameWords.join(" "));
  add(coreText);
  add(head);
  // Runs of two to four words with no small word between them ("deep juice grooves", "organic bamboo boards").
  const runs: string[] = [];
  const description = (inputs.productDescription ?? "").toLowerCase();
  for (const part of (text.prepare ? text.prepare(description) : description).split(/[^\p{L}\p{N}'\s-]+/u)) {
    let run: string[] = [];
    for (const word of [...part.split(/\s+/), ""]) {
      if (word && !stopWords.has(word) && !englishStopWords.has(word)) {
        run.push(word);
        continue;
      }
      if (run.length >= 2 && run.length <= 4) runs.push(run.join(" "));
      run = [];
    }
  }
  // A run that repeats a word of the name (or of a compound in it: "bambus-schneidebrett") stands alone.
  const nameParts = new Set(nameWords.flatMap((word) => [word, ...word.split("-")]));
  const named = (word: string) => nameParts.has(word) || nameParts.has(word.replace(/s$/, ""));
  for (const run of runs) add(run.split(" ").some(named) ? run : text.withRun(head, run));
  for (const phrase of text.suggestions(coreText, head)) add(phrase);
  return candidates.slice(0, count).join("\n");
};

// ---------------------------------------------------------------------------------------------

/** One composer per template: a new template fails typecheck here until the offline writer can write it. */
const composers = {
  description: describe,
  review,
  existingCopy: improveCopy,
  productTitle,
  keywords,
} satisfies Record<TemplateId, Compose>;

/** The outputs the offline writer writes for a request, in `language` (a code; English when the kit has not the language). */
export function composeOffline(templateId: string, inputs: TemplateInputs, count: number, outputs: number, language = "en"): string[] {
  if (!isTemplateId(templateId)) throw new Error(`the offline writer has no composer for template ${templateId}`);
  const compose: Compose = composers[templateId];
  const lang = offlineKits[offlineLang(language)];
  return Array.from({ length: outputs }, (_, index) => compose(inputs, index, count, lang));
}

