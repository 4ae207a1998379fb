// The title: brand and name in the language's title case, then the type, short features and a "for …"
// ending as room and the repeat limit allow; padded to the rule set's minimum.
import { countChars } from "#app/features/rules/lint.ts";
import { mentionsAvoided, removeAvoided } from "./avoid.ts";
import type { Context } from "./context.ts";
import { cutTitle, finishPhrase } from "./tidy.ts";
import { coveredBy, mod, titleCase, wordPattern, wordsOf } from "./words.ts";

export function titleWordCounts(ctx: Context, text: string): Map<string, number> {
  const repeatable = new Set(ctx.ruleSet.repeatableWords[ctx.language] ?? ctx.ruleSet.repeatableWords.en ?? []);
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) {
    const key = word.toLocaleLowerCase();
    if (!repeatable.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function repeatsOk(ctx: Context, text: string): boolean {
  for (const count of titleWordCounts(ctx, text).values()) if (count > ctx.ruleSet.maxWordRepeats) return false;
  return true;
}

/** The text cut before the word that would be used once too often. */
export function cutAtRepeat(ctx: Context, text: string): string {
  const repeatable = new Set(ctx.ruleSet.repeatableWords[ctx.language] ?? ctx.ruleSet.repeatableWords.en ?? []);
  const counts = new Map<string, number>();
  for (const match of text.matchAll(wordPattern)) {
    const key = match[0].toLocaleLowerCase();
    if (repeatable.has(key)) continue;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > ctx.ruleSet.maxWordRepeats) return finishPhrase(text.slice(0, match.index), { lang: ctx.lang });
  }
  return text;
}

export function composeTitle(ctx: Context): string {
  const { lang } = ctx;
  const limits = ctx.ruleSet.sections.title.limits;
  const max = limits.maxChars ?? 200;
  const min = limits.minChars ?? 0;
  const target = Math.min(max, 150);
  let base = cutAtRepeat(ctx, [ctx.brand, titleCase(ctx.name, lang)].filter(Boolean).join(" "));
  if (countChars(base) > target) base = cutTitle(base, target, lang);

  const segments: string[] = [];
  if (ctx.type && !coveredBy(base, ctx.type) && countChars(ctx.type) <= 40) segments.push(titleCase(ctx.type, lang, { start: false }));
  const shortFeatures = ctx.features.filter((feature) => countChars(feature) <= 40 && wordsOf(feature).length <= 6 && !coveredBy(base, feature));
  const turn = shortFeatures.length > 0 ? mod(ctx.variant, shortFeatures.length) : 0;
  const rotated = [...shortFeatures.slice(turn), ...shortFeatures.slice(0, turn)].map((feature) => titleCase(feature, lang, { start: false }));
  if (mod(ctx.variant, 2) === 0) segments.push(...rotated);
  else segments.unshift(...rotated);

  let title = base;
  const separator = mod(ctx.seed + ctx.variant, 3) === 2 ? " - " : ", ";
  let first = true;
  for (const segment of segments) {
    if (mentionsAvoided(segment, ctx.avoid) || coveredBy(title, segment)) continue;
    const next = `${title}${first ? separator : ", "}${segment}`;
    if (countChars(next) <= target && repeatsOk(ctx, next)) {
      title = next;
      first = false;
    }
  }
  const use = ctx.audience && countChars(ctx.audience) <= 32 ? `${ctx.text.forWord} ${titleCase(ctx.audience, lang, { start: false })}` : ctx.text.categories[ctx.category].titleUse;
  for (const ending of [use, ctx.text.categories.generic.titleUse]) {
    const next = `${title} ${ending}`;
    if (!mentionsAvoided(ending, ctx.avoid) && countChars(next) <= target && repeatsOk(ctx, next)) {
      title = next;
      break;
    }
  }
  return padTitle(ctx, finishPhrase(title, { lang }), min);
}

export function padTitle(ctx: Context, title: string, min: number): string {
  if (countChars(title) >= min) return title;
  const endings = [ctx.text.categories[ctx.category].titleUse, ...ctx.text.titlePadding];
  // Endings without a word to avoid first; then the same with the words taken out.
  const options = [...endings.filter((ending) => !mentionsAvoided(ending, ctx.avoid)), ...endings.map((ending) => finishPhrase(removeAvoided(ending, ctx.avoid), { lang: ctx.lang }))];
  let out = title;
  for (const ending of options) {
    if (countChars(out) >= min) break;
    if (!ending || coveredBy(out, ending)) continue;
    const next = finishPhrase(`${out} ${ending}`, { lang: ctx.lang });
    if (repeatsOk(ctx, next)) out = next;
  }
  return out;
}
