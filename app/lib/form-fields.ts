// Form fields several features share (sign-in and sign-up, e-mail changes, invitations); messages are catalog keys.
import { z } from "zod";

/** An e-mail address as typed: trimmed, checked, lower-cased. */
export const emailField = z
  .string()
  .trim()
  .min(1, "validation.required")
  .max(254, "validation.emailTooLong")
  .pipe(z.email({ error: "validation.email" }))
  .transform((email) => email.toLowerCase());
