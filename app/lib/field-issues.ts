// A failed zod parse as one message per field: forms, template inputs and API query strings all show
// the first problem of each field, never a list.
import type { z } from "zod";

/** The first issue of each top-level field, mapped to what the caller shows (by default zod's message). */
export function firstIssuePerField<T = string>(error: z.ZodError, show: (issue: z.core.$ZodIssue) => T | undefined = (issue) => issue.message as T): Record<string, T> {
  const byField: Record<string, T> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || field in byField) continue;
    const shown = show(issue);
    if (shown !== undefined) byField[field] = shown;
  }
  return byField;
}
