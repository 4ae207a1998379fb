// The description: an opening, the features, a paragraph about use and a closing, within the limit.
import { countChars } from "#app/features/rules/lint.ts";
import { type Context, fill, pick } from "./context.ts";
import { cutToChars } from "./tidy.ts";
import { listJoin, lowerFirstIn } from "./words.ts";

export function composeDescription(ctx: Context): string {
  const { lang, text, tone, voice } = ctx;
  const max = ctx.ruleSet.sections.description.limits.maxChars ?? 2000;
  const opening = pick(ctx, text.openings[tone], 11, (sentence) => sentence(ctx.sentence))(ctx.sentence);
  const use = fill(ctx, pick(ctx, text.categories[ctx.category].use[voice], 12, (template) => fill(ctx, template)));
  const closing = pick(ctx, text.closings[tone], 13, (sentence) => sentence(ctx.sentence))(ctx.sentence);
  const paragraphs = [opening];
  if (ctx.features.length > 0) {
    const items = ctx.features.slice(0, 6).map((feature) => lowerFirstIn(cutToChars(feature, 160, lang), lang));
    const list = listJoin(items, lang);
    const summaries = items.length === 1 ? text.featureSingles[tone] : text.featureSummaries[tone];
    paragraphs.push(pick(ctx, summaries, 14, (summary) => summary(list))(list));
  }
  paragraphs.push(use, closing);
  let description = paragraphs.join("\n\n");
  // Long features: the use paragraph goes first, then the text is cut at a sentence.
  if (countChars(description) > max) description = [opening, ...paragraphs.slice(1, -2), closing].join("\n\n");
  if (countChars(description) > max) description = cutToChars(description, max - 1, lang).replace(/[^.!?]*$/u, "").trim() || cutToChars(description, max - 1, lang);
  return description;
}
