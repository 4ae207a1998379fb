// A failed zod parse as one message per field: forms, template inputs and API query strings all show
// the first problem of each field, never a list.
import type { z } from "zod";

/** The first issue of each top-level field: zod's message, or what `show` maps it to (undefined skips it). */
export function firstIssuePerField(error: z.ZodError): Record<string, string>;
export function firstIssuePerField<T>(error: z.ZodError, show: (issue: z.core.$ZodIssue) => T | undefined): Record<string, T>;
export function firstIssuePerField<T>(error: z.ZodError, show?: (issue: z.core.$ZodIssue) => T | undefined): Record<string, T | string> {
  const byField: Record<string, T | string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || field in byField) continue;
    const shown = show ? show(issue) : issue.message;
    if (shown !== undefined) byField[field] = shown;
  }
  return byField;
}
