// THE rule sets: one module each under rule-sets/. New listings use the default; an owner may pick another.
import { amazon202501 } from "./rule-sets/amazon-2025-01.ts";
import { amazon202607 } from "./rule-sets/amazon-2026-07.ts";
import type { RuleSet } from "./types.ts";

export const ruleSets: readonly RuleSet[] = [amazon202607, amazon202501];

export const defaultRuleSetId = amazon202607.id;

const byId = new Map(ruleSets.map((ruleSet) => [ruleSet.id, ruleSet]));

export function getRuleSet(id: string): RuleSet | undefined {
  return byId.get(id);
}
