import type { z } from "zod";
import { firstIssuePerField } from "#app/lib/field-issues.ts";

/** Field name → message key (or server text); what actions return and forms display. */
export type FieldErrors = Partial<Record<string, string>>;

export interface FormFailure {
  fieldErrors?: FieldErrors;
  /** A message key (or server text) for a toast. */
  formError?: string;
  /** Extra values for the toast's placeholders, e.g. { seconds: 30 }. */
  formErrorParams?: Record<string, string | number>;
}

/** The first message per field of a failed zod parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return firstIssuePerField(error);
}
