// What a fix job is asked for (issue 33 item 6): listings by id, or every listing that fails one rule. Browser-safe.
import { z } from "zod";
import { sectionNames, violationCodes, type SectionName, type ViolationCode } from "#app/features/rules/types.ts";

/** Listings one fix job may hold. */
export const maxFixListings = 5000;

/**
 * A rule as a lint code ("too_long"), a section's ("title:too_long": the 75-character title rule), or the
 * audit's key ("lint:too_long", app/features/catalog). Only errors count: a warning is never "failing".
 */
export interface FixRule {
  section: SectionName | null;
  code: ViolationCode;
}

export function parseFixRule(text: string): FixRule | undefined {
  const [first, second, extra] = text.split(":");
  if (extra !== undefined) return undefined;
  const code = (second ?? first) as ViolationCode;
  if (!violationCodes.includes(code)) return undefined;
  if (second === undefined || first === "lint") return { section: null, code };
  return (sectionNames as readonly string[]).includes(first!) ? { section: first as SectionName, code } : undefined;
}

export const fixRequestSchema = z
  .object({
    listingIds: z.array(z.string().min(1).max(100)).min(1).max(maxFixListings).optional(),
    rule: z
      .string()
      .max(120)
      .refine((rule) => parseFixRule(rule) !== undefined, { message: "unknown rule" })
      .optional(),
  })
  .strict()
  .refine((body) => body.listingIds !== undefined || body.rule !== undefined, { message: "listingIds or rule", path: ["listingIds"] });
export type FixRequest = z.infer<typeof fixRequestSchema>;
