// A job's name as the jobs pages, the dashboard and the operator page show it (issue 33 item 6). A fix job's
// stored file name ("fix lint:too_long", "fix 2") is English, so its name is made from its rule and size in the
// reader's language; jobs saved before this need nothing new. Browser-safe.
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import type { MessageKey, Translate } from "#app/i18n/i18n.ts";
import { parseFixRule } from "./fix-request.ts";

/** "Fix: Too long (Title)" for a rule, "Fix: 2 listings" for listings chosen one by one. */
export function fixJobName(fix: { rule: string | null }, listings: number, t: Translate): string {
  const rule = fix.rule === null ? undefined : parseFixRule(fix.rule);
  if (!rule) return t("fixes.job.listings", { count: listings });
  const label = t(`catalog.rule.${rule.code}` as MessageKey);
  return rule.section ? t("fixes.job.ruleInSection", { rule: label, section: t(sectionLabels[rule.section]) }) : t("fixes.job.rule", { rule: label });
}

/** Any bulk job's name: an upload's is its file's, a fix job's says what it fixes. */
export function jobName(job: { fileName: string; total: number; fix?: { rule: string | null } | null }, t: Translate): string {
  return job.fix ? fixJobName(job.fix, job.total, t) : job.fileName;
}
