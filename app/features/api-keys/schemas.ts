import { z } from "zod";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC ("2026-11-28"): a key may expire at the end of today at the earliest. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The expiry a date means: the key works through that day (UTC) and stops at the next midnight. */
export function expiryOf(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
}

/** Settings → Workspace → API keys → Create: a name, at least one scope (one checkbox each), an optional expiry date. */
export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, "apiKeys.error.nameRequired").max(100, "apiKeys.error.nameTooLong"),
    read: z.literal("on").optional(),
    write: z.literal("on").optional(),
    publish: z.literal("on").optional(),
    expiresOn: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || (isoDate.test(value) && !Number.isNaN(Date.parse(value)) && value >= todayUtc()), "apiKeys.error.expiry"),
  })
  .refine((form) => form.read || form.write || form.publish, { message: "apiKeys.error.scopes", path: ["scopes"] });
