// A finding's name as the audit page, its filters and the dashboard show it. Browser-safe.
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import { sectionNames, violationCodes, type SectionName, type ViolationCode } from "#app/features/rules/types.ts";
import type { MessageKey, Translate } from "#app/i18n/i18n.ts";

const isViolationCode = (code: string): code is ViolationCode => (violationCodes as readonly string[]).includes(code);
const isSectionName = (code: string): code is SectionName => (sectionNames as readonly string[]).includes(code);

/** "lint:too_long" → "Too long"; "amazon:90220" → "Amazon issue 90220"; "missing:bullets" → "Empty: Bullet points". */
export function ruleLabel(rule: { source: string; code: string }, t: Translate): string {
  if (rule.source === "lint" && isViolationCode(rule.code)) return t(`catalog.rule.${rule.code}` as MessageKey);
  if (rule.source === "amazon") return t("catalog.rule.amazon", { code: rule.code });
  if (rule.source === "missing" && isSectionName(rule.code)) return t("catalog.rule.missing", { section: t(sectionLabels[rule.code]) });
  if (rule.source === "coverage") return t("catalog.rule.coverageLow");
  return rule.code;
}

/** The same from a "source:code" key. */
export function ruleKeyLabel(key: string, t: Translate): string {
  const at = key.indexOf(":");
  return ruleLabel({ source: key.slice(0, at), code: key.slice(at + 1) }, t);
}
