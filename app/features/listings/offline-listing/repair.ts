// The last pass: lint, remove what still has an error, repeat (a bounded loop).
import type { ListingCopy } from "#app/features/listings/types.ts";
import { applySafeFixes } from "#app/features/rules/fixes.ts";
import { countChars, lintListing } from "#app/features/rules/lint.ts";
import type { LintReport, ListingSections, SectionReport, ViolationCode } from "#app/features/rules/types.ts";
import type { OfflineLang as Lang } from "#app/templates/offline/languages.ts";
import { fillerBullets, headerSeparator } from "./bullets.ts";
import type { Context } from "./context.ts";
import { termsNotShown } from "./search-terms.ts";
import { cutTitle, cutToChars, finishPhrase, removeSpans, tidy, tidyLine } from "./tidy.ts";
import { cutAtRepeat, padTitle } from "./title.ts";
import { wordsOf } from "./words.ts";

export const lengthCodes = new Set<ViolationCode>(["too_long", "too_short", "bytes_over", "bullet_count"]);

export function errorSpans(report: SectionReport | undefined): [number, number][] {
  return (report?.violations ?? []).filter((violation) => violation.severity === "error" && !lengthCodes.has(violation.code) && violation.end > violation.start).map((violation) => [violation.start, violation.end]);
}

export function hasErrors(report: SectionReport | undefined): boolean {
  return (report?.violations ?? []).some((violation) => violation.severity === "error");
}

export function fixTitle(ctx: Context, title: string, report: SectionReport | undefined): string {
  const limits = ctx.ruleSet.sections.title.limits;
  let out = hasErrors(report) ? finishPhrase(tidyLine(removeSpans(title, errorSpans(report))), { lang: ctx.lang }) : title;
  out = cutAtRepeat(ctx, out);
  if (limits.maxChars !== undefined && countChars(out) > limits.maxChars) out = cutTitle(out, limits.maxChars, ctx.lang);
  return padTitle(ctx, out, limits.minChars ?? 0);
}

export function fixText(text: string, report: SectionReport | undefined, maxChars: number | undefined, endWithStop: boolean, lang: Lang): string {
  let out = hasErrors(report) ? tidy(removeSpans(text, errorSpans(report))) : text;
  if (maxChars !== undefined && countChars(out) > maxChars) {
    out = cutToChars(out, maxChars - (endWithStop ? 1 : 0), lang);
    if (endWithStop && out && !/[.!?]$/.test(out)) out += ".";
  }
  return out;
}

export function fixBullets(ctx: Context, bullets: readonly string[], report: LintReport["sections"]): string[] {
  const rules = ctx.ruleSet.sections.bullets;
  const min = rules.limits.minChars ?? 0;
  const fixed = bullets
    .map((bullet, index) => fixText(bullet, report.bullets?.[index], rules.limits.maxChars, true, ctx.lang))
    // A bullet that lost its sentence (only its header is left) or is too short goes; fillers take its place.
    .filter((bullet) => {
      const separator = headerSeparator(ctx).trim();
      const at = separator ? bullet.indexOf(separator) : -1;
      const sentence = at > 0 && at <= 45 ? bullet.slice(at + separator.length) : bullet;
      return countChars(bullet) >= Math.max(min, 10) && wordsOf(sentence).length >= 2;
    });
  const count = Math.min(Math.max(5, rules.minCount), rules.maxCount);
  for (const filler of fillerBullets(ctx)) {
    if (fixed.length >= count) break;
    if (fixed.some((bullet) => bullet.startsWith(`${filler.header}${headerSeparator(ctx)}`))) continue;
    fixed.push(filler.text);
  }
  return fixed.slice(0, rules.maxCount);
}

export function toSections(copy: ListingCopy): ListingSections {
  return { title: copy.title, itemHighlights: copy.itemHighlights, bullets: copy.bullets, description: copy.description, searchTerms: copy.searchTerms };
}

export function repair(ctx: Context, copy: ListingCopy, lintInput: { language: string; brand: string }): ListingCopy {
  let current = copy;
  for (let round = 0; round < 8; round++) {
    current = { ...current, searchTerms: termsNotShown(ctx, current.searchTerms, current) };
    const report = lintListing({ ruleSet: ctx.ruleSet, language: lintInput.language, brand: lintInput.brand, sections: toSections(current) });
    if (report.passed) return current;
    const { sections } = report;
    const title = fixTitle(ctx, current.title, sections.title);
    const highlights = ctx.ruleSet.sections.itemHighlights ? fixText(current.itemHighlights, sections.itemHighlights, ctx.ruleSet.sections.itemHighlights.limits.maxChars, false, ctx.lang) : "";
    const bullets = fixBullets(ctx, current.bullets, sections);
    const description = fixText(current.description, sections.description, ctx.ruleSet.sections.description.limits.maxChars, true, ctx.lang);
    let searchTerms = hasErrors(sections.searchTerms) ? removeSpans(current.searchTerms, errorSpans(sections.searchTerms)) : current.searchTerms;
    searchTerms = applySafeFixes({ ruleSet: ctx.ruleSet, brand: lintInput.brand, sections: { searchTerms } }).sections.searchTerms ?? "";
    current = { title, itemHighlights: highlights, bullets, description, searchTerms };
  }
  return { ...current, searchTerms: termsNotShown(ctx, current.searchTerms, current) };
}
