// The catalog audit's shapes shared by the page, the export and the server (issue 33 item 5). Browser-safe.
import { z } from "zod";
import { findingSources, type FindingSource } from "./health.ts";
import type { Severity } from "#app/features/rules/types.ts";

export const catalogSorts = ["score", "updated", "title"] as const;
export type CatalogSort = (typeof catalogSorts)[number];

/** The filters of /catalog and its CSV export (query parameters; anything else is a 400 for the export). */
export const catalogFilterSchema = z.object({
  /** "source:code", e.g. lint:too_long, amazon:90220, missing:bullets, coverage:low. */
  rule: z
    .string()
    .max(120)
    .regex(new RegExp(`^(${findingSources.join("|")}):[\\w.-]{1,100}$`))
    .optional(),
  severity: z.enum(["error", "warning"]).optional(),
  store: z.string().max(40).regex(/^[a-z.]+$/).optional(),
  min: z.coerce.number().int().min(0).max(100).optional(),
  max: z.coerce.number().int().min(0).max(100).optional(),
  /** "1": only listings edited since their live copy was imported (a version after it that is not a fix proposal). */
  changed: z.enum(["1"]).optional(),
  sort: z.enum(catalogSorts).default("score"),
});
export type CatalogFilter = z.infer<typeof catalogFilterSchema>;

export interface RuleTotal {
  source: FindingSource;
  code: string;
  severity: Severity;
  /** Listings that break it. */
  listings: number;
}

export interface CatalogTotals {
  listings: number;
  audited: number;
  /** Listings with at least one error (ours or Amazon's). */
  failing: number;
  averageScore: number | null;
  bySeverity: { error: number; warning: number };
  /** Listings per rule, most first. */
  byRule: RuleTotal[];
  byStore: { marketplace: string; listings: number; failing: number }[];
  /** Listings with at least one error of ours, and with at least one of Amazon's. */
  bySource: { lint: number; amazon: number };
}

export interface CatalogRow {
  listingId: string;
  title: string;
  marketplace: string;
  score: number;
  errors: number;
  warnings: number;
  missing: number;
  coverage: number | null;
  /** "source:code" of each rule it breaks. */
  rules: string[];
  changedSinceImport: boolean;
  updatedAt: string;
  auditedAt: string;
}

export interface HealthPoint {
  at: string;
  trigger: "import" | "audit";
  listings: number;
  failing: number;
  averageScore: number | null;
}

/** A finding's key in filters and lists. */
export const ruleKey = (rule: { source: string; code: string }) => `${rule.source}:${rule.code}`;
