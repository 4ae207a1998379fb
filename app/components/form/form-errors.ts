import type { z } from "zod";

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
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "");
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}
