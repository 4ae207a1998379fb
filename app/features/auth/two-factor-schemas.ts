import { z } from "zod";

// Messages are catalog keys; the form shows them in the page's language.
const required = "validation.required";
const password = z.string().min(1, required).max(128, "validation.passwordTooLong");
/** Six digits from an authenticator app; spaces (as some apps show them) are dropped. */
const appCode = z
  .string()
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().min(1, required).regex(/^\d{6}$/, "account.twoFactor.wrongCode"));

export const twoFactorPasswordSchema = z.object({ password });

/** An account without a password (Google, OpenID Connect): turning two-factor on asks nothing more… */
export const twoFactorNoPasswordStartSchema = z.object({});

/** …and turning it off or making new backup codes is confirmed with a current code from the app. */
export const twoFactorAppCodeSchema = z.object({ code: appCode });

export const twoFactorVerifySchema = z.object({ code: appCode, totpUri: z.string().max(1000).optional() });

/** The code step of sign-in: an app code, or a backup code when `backup` is on. */
export const twoFactorStepSchema = z
  .object({
    code: z.string().trim().min(1, required).max(64, "account.twoFactor.wrongCode"),
    backup: z.literal("on").optional(),
    trust: z.literal("on").optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.backup && !/^\d{6}$/.test(form.code.replace(/\s+/g, ""))) ctx.addIssue({ code: "custom", path: ["code"], message: "account.twoFactor.wrongCode" });
  });

export const twoFactorRequirementSchema = z.object({ required: z.literal("on").optional() });
