import { z } from "zod";
import { emailField } from "#app/lib/form-fields.ts";
import { hasUnprintable } from "#app/lib/printable.ts";

// Messages are catalog keys; the form shows them in the page's language.
const required = "validation.required";

export const newPasswordField = z.string().min(1, required).min(8, "validation.passwordTooShort").max(128, "validation.passwordTooLong");

const nameField = z
  .string()
  .trim()
  .min(1, required)
  .max(50, "validation.nameTooLong")
  .refine((name) => !hasUnprintable(name), "validation.nameInvalid");

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, required).max(128, "validation.passwordTooLong"),
  remember: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  password: newPasswordField,
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({ token: z.string().min(1), password: newPasswordField });

export const profileSchema = z.object({ firstName: nameField, lastName: nameField });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, required).max(128, "validation.passwordTooLong"),
  newPassword: newPasswordField,
});

export const deleteAccountConfirmation = "DELETE";
export const deleteAccountSchema = z.object({
  confirmation: z.string().trim().refine((value) => value === deleteAccountConfirmation, "settings.delete.mismatch"),
});
