// The context: the cleaned facts and the choices every section shares (language, tone, reference,
// category, the words to avoid), and how an entry of the kit is picked and filled in.
import { type ListingFacts, wordsToAvoidList } from "#app/features/listings/types.ts";
import type { RuleSet } from "#app/features/rules/types.ts";
import { stableHash } from "#app/lib/hash.ts";
import { type Category, type ListingText as OfflineText, recognisedCategories, type SentenceContext, type Tone, type Voice } from "#app/templates/offline/kit/types.ts";
import { offlineLang, type OfflineLang as Lang } from "#app/templates/offline/languages.ts";
import { type AvoidWords, avoidWords, mentionsAvoided, removeAvoided } from "./avoid.ts";
import { type Cleaner, cleanPhrase, featurePhrases } from "./clean.ts";
import { cutTitle, finishPhrase, tidyLine } from "./tidy.ts";
import { escapeRegExp, type LangRules, letterOrDigit, lowerFirstIn, mod, proseCase, rulesFor, titleCase, units, withThe, wordsOf } from "./words.ts";

export interface OfflineListingInput {
  facts: ListingFacts;
  ruleSet: RuleSet;
  /** The copy's language: en, es, de and fr are written natively; any other language English. */
  language: string;
  /** 0 by default; another number gives other wording ("regenerate"). */
  variant?: number;
}

export const hash = stableHash;

export interface Context {
  lang: Lang;
  /** The language asked for (the rule set's word lists are that language's, even where the copy is English). */
  language: string;
  rules: LangRules;
  text: OfflineText;
  ruleSet: RuleSet;
  tone: Tone;
  voice: Voice;
  seed: number;
  variant: number;
  brand: string;
  /** The product name without the brand, as the seller wrote it (cleaned). */
  name: string;
  type: string;
  /** A short, lower-case way to call the product ("cutting board"). */
  ref: string;
  /** The audience as the seller wrote it (cleaned), for the title ("home cooks"). */
  audience: string;
  features: string[];
  category: Category;
  avoid: AvoidWords | undefined;
  cleaner: Cleaner;
  /** Words of the brand as the seller wrote it and as cleaned: never search terms. */
  brandWords: ReadonlySet<string>;
  /** What the sentences use: brand and name for prose, the audience as prose uses it, "the …" forms. */
  sentence: SentenceContext;
}

/** Picks an entry for this variant (another variant, another entry), skipping those with words to avoid. */
export function pick<T>(ctx: Context, list: readonly T[], salt: number, text: (item: T) => string = (item) => String(item), used?: ReadonlySet<string>): T {
  const start = mod(ctx.seed + ctx.variant + salt * 7, list.length);
  for (const skipUsed of [true, false]) {
    for (let i = 0; i < list.length; i++) {
      const item = list[(start + i) % list.length]!;
      if (!mentionsAvoided(text(item), ctx.avoid) && !(skipUsed && used?.has(text(item)))) return item;
    }
  }
  return list[start]!;
}

export function fill(ctx: Context, template: string): string {
  return template.replaceAll("{ref}", ctx.ref).replaceAll("{audience}", ctx.sentence.audience).replaceAll("{brand}", ctx.brand);
}

export function stripBrandPrefix(name: string, brand: string): string {
  if (!brand) return name;
  const lower = name.toLocaleLowerCase();
  const prefix = brand.toLocaleLowerCase();
  if (lower.startsWith(prefix) && !letterOrDigit.test(name.charAt(prefix.length))) return name.slice(prefix.length).replace(/^[\s,:\-–—|]+/, "");
  return name;
}

/** How the copy calls the product: the product type, or the head of the product name. */
export function referenceFor(type: string, name: string, lang: Lang): string {
  const { text, clause: clauseEnd, pack } = rulesFor(lang);
  const clause = (phrase: string) => phrase.split(clauseEnd)[0]!.trim();
  if (type) {
    const words = clause(type).split(/\s+/).slice(0, 4).join(" ");
    const ref = finishPhrase(proseCase(words, lang), { lang });
    if (ref) return ref;
  }
  let words = clause(name)
    .replace(/\s+(?:of|de)\s+\d+\s*$/i, "")
    .split(/\s+/)
    .filter(Boolean);
  // Not a pack size or a measure at the end ("Set", "3", "750 ml").
  const measure = (index: number) => units.has(words[index]!.toLocaleLowerCase()) && /\d$/.test(words[index - 1] ?? "");
  while (words.length > 1 && (pack.has(words.at(-1)!.toLocaleLowerCase()) || /^\d/.test(words.at(-1)!) || measure(words.length - 1))) words = words.slice(0, -1);
  const { from, words: count } = text.reference;
  const picked = from === "start" ? finishPhrase(words.slice(0, count).join(" "), { lang }) : words.slice(-count).join(" ");
  const ref = finishPhrase(proseCase(picked, lang), { lang });
  return ref || text.productRef;
}

/** The category whose words the facts use most: the product type counts most, then the name. */
export function detectCategory(weighted: readonly (readonly [string, number])[], lang: Lang): Category {
  let best: Category = "generic";
  let bestCount = 0;
  for (const category of recognisedCategories) {
    const count = weighted.reduce((sum, [text, weight]) => sum + (text.toLocaleLowerCase().match(rulesFor(lang).categories[category])?.length ?? 0) * weight, 0);
    if (count > bestCount) {
      best = category;
      bestCount = count;
    }
  }
  return best;
}

export function buildContext({ facts, ruleSet, language, variant = 0 }: OfflineListingInput): Context {
  const lang = offlineLang(language);
  const rules = rulesFor(lang);
  const { text } = rules;
  const tone: Tone = facts.tone === "Casual" || facts.tone === "Formal" ? facts.tone : "Professional";
  const avoid = avoidWords(wordsToAvoidList({ wordsToAvoid: facts.wordsToAvoid ?? "" }));
  const languages = [...new Set([language, "en", "es"])].filter((code) => ruleSet.phrases[code]);
  const cleaner: Cleaner = { lang, ruleSet, languages: languages.length > 0 ? languages : [language], avoid };

  // The brand keeps its own characters (a title may hold them inside the brand) and words ("The …"), not
  // symbols or markup.
  const brand = tidyLine(
    removeAvoided(
      (facts.brand ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(new RegExp(`[${escapeRegExp(ruleSet.specialSymbols)}]`, "gu"), " ")
        .replace(/\p{Extended_Pictographic}/gu, " "),
      avoid,
    ),
  );
  const rawName = cleanPhrase(facts.productName ?? "", cleaner, { keepShort: true });
  const type = cleanPhrase(facts.productType ?? "", cleaner, { keepShort: true });
  const name = stripBrandPrefix(rawName, brand) || type || text.product;
  // The audience stands in sentences: a long one is cut at a phrase.
  const audience = lowerFirstIn(cutTitle(cleanPhrase((facts.targetAudience ?? "").replace(rules.audienceLead, ""), cleaner), 80, lang), lang);
  const seen = new Set<string>();
  const features: string[] = [];
  for (const phrase of featurePhrases({ keyFeatures: facts.keyFeatures ?? "" })) {
    const clean = cleanPhrase(phrase, cleaner);
    const key = clean.toLocaleLowerCase();
    if (!clean || seen.has(key)) continue;
    seen.add(key);
    features.push(clean);
    if (features.length >= 10) break;
  }
  const ref = referenceFor(type, name, lang);
  const category = detectCategory(
    [
    [type, 4],
    [name, 2],
    [features.join(" "), 1],
    [audience, 1],
    ],
    lang,
  );
  const seed = hash([brand, name, type, facts.keyFeatures, audience, tone, lang].join("|"));
  const proseName = cutTitle(titleCase(name, lang), 80, lang) || name;
  const full = [brand, proseName].filter(Boolean).join(" ");
  return {
    lang,
    language,
    rules,
    text,
    ruleSet,
    tone,
    voice: tone === "Casual" ? "casual" : "formal",
    seed,
    variant: Number.isFinite(variant) ? Math.trunc(variant) : 0,
    brand,
    name,
    type,
    ref,
    audience,
    features,
    category,
    avoid,
    cleaner,
    brandWords: new Set(wordsOf(`${facts.brand ?? ""} ${brand}`.toLocaleLowerCase())),
    sentence: {
      full,
      audience: audience && text.audienceInProse ? text.audienceInProse(audience) : audience,
      ref,
      theFull: withThe(full),
      theBrandRef: withThe(brand ? `${brand} ${ref}` : ref),
      brandOr: brand || text.team,
    },
  };
}
