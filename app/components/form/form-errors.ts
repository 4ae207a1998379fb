import type { z } from "zod";
import { firstIssuePerField } from "#app/lib/field-issues.ts";
import type { ActionFailure, FieldErrors } from "#app/lib/action-failure.ts";

export type { FieldErrors };

/** What a form reads of its action's answer: an ActionFailure's fields, absent when the action succeeded. */
export type FormFailure = Partial<ActionFailure>;

/** The first message per field of a failed zod parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return firstIssuePerField(error);
}
