// The item highlights: short features not already in the title, then the bullets' headers.
import { countChars } from "#app/features/rules/lint.ts";
import { capitalize } from "#app/templates/offline/kit/words.ts";
import { mentionsAvoided } from "./avoid.ts";
import type { Context } from "./context.ts";
import { cutToChars } from "./tidy.ts";
import { coveredBy, lowerFirstIn } from "./words.ts";

export function composeHighlights(ctx: Context, title: string, headers: readonly string[]): string {
  const rules = ctx.ruleSet.sections.itemHighlights;
  if (!rules) return "";
  const max = rules.limits.maxChars ?? 125;
  const fresh = ctx.features.filter((feature) => !coveredBy(title, feature));
  const candidates = [...fresh, ...ctx.features.filter((feature) => !fresh.includes(feature)), ...headers]
    .map((item) => lowerFirstIn(cutToChars(item, 60, ctx.lang), ctx.lang))
    .filter((item) => item && !mentionsAvoided(item, ctx.avoid));
  const items: string[] = [];
  for (const item of candidates) {
    if (items.some((have) => have.toLocaleLowerCase() === item.toLocaleLowerCase())) continue;
    const next = [...items, item].join(", ");
    if (countChars(capitalize(next)) <= max) items.push(item);
    if (items.length >= 5) break;
  }
  return capitalize(items.join(", ") || cutToChars(headers.join(", "), max, ctx.lang));
}
