// The bullets: one per feature (a recognised benefit's header and support, else a generic one), then
// generic bullets about the audience, the category and any product.
import { countChars } from "#app/features/rules/lint.ts";
import { benefitKeys } from "#app/templates/offline/kit/types.ts";
import { capitalize } from "#app/templates/offline/kit/words.ts";
import { mentionsAvoided, removeAvoided } from "./avoid.ts";
import { type Context, fill, pick } from "./context.ts";
import { cutToChars, finishPhrase, tidy } from "./tidy.ts";
import { coveredBy, mod, wordsOf } from "./words.ts";

export interface Bullet {
  key: string;
  header: string;
  text: string;
}

/** What follows a bullet's header: a colon (French: with a no-break space before it), unless the seller asked to avoid it. */
export function headerSeparator(ctx: Context): string {
  return ctx.text.headerSeparators.find((separator) => !mentionsAvoided(separator, ctx.avoid)) ?? " ";
}

export function bulletText(ctx: Context, header: string, body: string, support: string): string {
  const max = ctx.ruleSet.sections.bullets.limits.maxChars ?? 255;
  const lead = `${header}${headerSeparator(ctx)}`;
  const sentence = body ? `${capitalize(body.replace(/[\s.,;:]+$/u, ""))}.` : "";
  const full = lead + [sentence, support].filter(Boolean).join(" ");
  if (countChars(full) <= max) return full;
  if (sentence && countChars(lead + sentence) <= max) return lead + sentence;
  // Still too long: the feature (or, in a generic bullet, its sentence) cut at a word.
  const rest = (sentence || support).replace(/[.!?]+$/u, "");
  return `${lead}${capitalize(cutToChars(rest, max - countChars(lead) - 1, ctx.lang))}.`;
}

export function composeBullets(ctx: Context): Bullet[] {
  const rules = ctx.ruleSet.sections.bullets;
  const count = Math.min(Math.max(5, rules.minCount), rules.maxCount);
  const { text, voice } = ctx;
  const bullets: Bullet[] = [];
  const usedKeys = new Set<string>();
  const usedHeaders = new Set<string>();
  const usedSupport = new Set<string>();
  const genericHeaders = text.genericFeature.header;

  ctx.features.slice(0, count).forEach((feature, index) => {
    const benefit = benefitKeys.find((key) => !usedKeys.has(key) && ctx.rules.benefits[key].test(feature));
    let header: string;
    let support: string;
    if (benefit) {
      header = pick(ctx, text.benefits[benefit].header, index + 1);
      support = fill(ctx, pick(ctx, text.benefits[benefit].support[voice], index + 2, (template) => fill(ctx, template), usedSupport));
    } else {
      const free = genericHeaders.filter((candidate) => !usedHeaders.has(candidate));
      header = pick(ctx, free.length > 0 ? free : genericHeaders, index + 3);
      support = fill(ctx, pick(ctx, text.genericFeature.support[voice], index + 4, (template) => fill(ctx, template), usedSupport));
    }
    // A feature that says what its header says ("Easy to clean") is not repeated after it.
    const body = coveredBy(header, feature) ? "" : feature;
    const key = benefit ?? `feature-${index}`;
    usedKeys.add(key);
    usedHeaders.add(header);
    usedSupport.add(support);
    bullets.push({ key, header, text: bulletText(ctx, header, body, support) });
  });

  for (const filler of fillerBullets(ctx)) {
    if (bullets.length >= count) break;
    if (usedKeys.has(filler.key) || usedHeaders.has(filler.header)) continue;
    usedKeys.add(filler.key);
    usedHeaders.add(filler.header);
    bullets.push(filler);
  }
  return bullets;
}

/** Generic bullets: about the audience, then the category's, then any product's; rotated by variant.
 * Those without a word to avoid come first; the others follow with the words taken out (the last resort
 * when the seller avoids common words such as "for"), so there are always enough. */
export function fillerBullets(ctx: Context): Bullet[] {
  const { voice } = ctx;
  const candidates: { key: string; header: string; text: string }[] = [];
  if (ctx.audience) {
    const { header, text } = ctx.text.audienceBullet[voice];
    candidates.push({ key: "audience", header, text: fill(ctx, text) });
  }
  const rotate = <T>(list: readonly T[]) => {
    const turn = mod(ctx.variant + ctx.seed, Math.max(list.length, 1));
    return [...list.slice(turn), ...list.slice(0, turn)];
  };
  const { categories } = ctx.text;
  const lists = ctx.category === "generic" ? [categories.generic.fillers] : [categories[ctx.category].fillers, categories.generic.fillers];
  for (const list of lists) for (const filler of rotate(list)) candidates.push({ key: filler.key, header: filler.header, text: fill(ctx, filler.text[voice]) });

  const clean: Bullet[] = [];
  const scrubbed: Bullet[] = [];
  for (const { key, header, text } of candidates) {
    if (!mentionsAvoided(`${header} ${text}`, ctx.avoid)) {
      clean.push({ key, header, text: bulletText(ctx, header, "", text) });
      continue;
    }
    const scrubbedHeader = finishPhrase(removeAvoided(header, ctx.avoid), { lang: ctx.lang });
    const scrubbedText = tidy(removeAvoided(text, ctx.avoid));
    if (!/\p{L}{2,}/u.test(scrubbedHeader) || wordsOf(scrubbedText).length < 2) continue;
    scrubbed.push({ key, header: capitalize(scrubbedHeader), text: bulletText(ctx, capitalize(scrubbedHeader), "", /[.!?]$/.test(scrubbedText) ? scrubbedText : `${scrubbedText}.`) });
  }
  return [...clean, ...scrubbed];
}
