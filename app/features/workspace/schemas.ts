import { z } from "zod";
import { emailField } from "#app/lib/form-fields.ts";

/** "https://www.Shop.com/path" → "www.shop.com"; anything that is not a host name stays invalid. */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/\.$/, "");
}

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const workspaceSchema = z.object({
  name: z.string().trim().min(1, "workspace.error.nameRequired").max(120, "workspace.error.nameTooLong"),
  website: z
    .string()
    .trim()
    .max(260, "workspace.error.domain")
    .transform(normalizeDomain)
    .refine((v) => v === "" || domainPattern.test(v), "workspace.error.domain"),
  // Optional: empty is allowed, anything else must be an address.
  billingEmail: z
    .string()
    .trim()
    .max(254, "validation.emailTooLong")
    .refine((v) => v === "" || z.email().safeParse(v).success, "validation.email")
    .transform((v) => v.toLowerCase()),
});

export const inviteSchema = z.object({
  email: emailField,
});

/** The workspace's AI model: an id from the provider's list (checked against it on the server). */
export const modelSchema = z.object({
  model: z.string().trim().min(1, "workspace.error.modelRequired").max(200, "workspace.error.unknownModel"),
});
