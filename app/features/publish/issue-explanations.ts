// Amazon's listing issue codes in plain words (issue 34 item 2): what it means and what to do, as i18n keys.
// A code not in the table has no explanation: the page shows Amazon's own message (it is in the seller's
// language: we ask for issueLocale). Pure and browser-safe.
import type { MessageKey } from "#app/i18n/i18n.ts";
import type { AmazonIssue } from "#app/features/amazon/import/types.ts";
import type { IssueExplanation, PublishIssue } from "./types.ts";

/** The codes sellers meet most when changing copy (issue 34's table). */
export const explainedIssueCodes = ["90220", "99022", "8541", "8542", "90057", "90225", "97779", "4000001"] as const;
export type ExplainedIssueCode = (typeof explainedIssueCodes)[number];

const explanations: Record<ExplainedIssueCode, IssueExplanation> = {
  "90220": { titleKey: "amazon.publish.issue.90220.title", actionKey: "amazon.publish.issue.90220.action" },
  "99022": { titleKey: "amazon.publish.issue.99022.title", actionKey: "amazon.publish.issue.99022.action" },
  "8541": { titleKey: "amazon.publish.issue.8541.title", actionKey: "amazon.publish.issue.8541.action" },
  "8542": { titleKey: "amazon.publish.issue.8542.title", actionKey: "amazon.publish.issue.8542.action" },
  "90057": { titleKey: "amazon.publish.issue.90057.title", actionKey: "amazon.publish.issue.90057.action" },
  "90225": { titleKey: "amazon.publish.issue.90225.title", actionKey: "amazon.publish.issue.90225.action" },
  "97779": { titleKey: "amazon.publish.issue.97779.title", actionKey: "amazon.publish.issue.97779.action" },
  "4000001": { titleKey: "amazon.publish.issue.4000001.title", actionKey: "amazon.publish.issue.4000001.action" },
} satisfies Record<ExplainedIssueCode, { titleKey: MessageKey; actionKey: MessageKey }>;

/** The plain words for an issue code, or null: show Amazon's message. */
export function explainIssue(code: string): IssueExplanation | null {
  return (explainedIssueCodes as readonly string[]).includes(code) ? explanations[code as ExplainedIssueCode] : null;
}

/** Amazon's issues as the preview and the audit log show them. */
export function explainIssues(issues: readonly AmazonIssue[]): PublishIssue[] {
  return issues.map((issue) => ({ code: issue.code, message: issue.message, severity: issue.severity, attributeNames: issue.attributeNames ?? [], explanation: explainIssue(issue.code) }));
}
