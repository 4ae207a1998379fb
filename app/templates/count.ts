export const maxCount = 10;

export type CountResult = { ok: true; value: number } | { ok: false; value: number; reason: "tooMany" };

/**
 * The seed's count rule: strip + and -, parse as an integer, 0 becomes 1, default 1.
 * More than `maxCount` is refused rather than silently capped, so the user knows.
 */
export function parseCount(raw: unknown): CountResult {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "";
  const parsed = Number.parseInt(text.replace(/[+-]/g, "").trim(), 10);
  const value = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
  return value > maxCount ? { ok: false, value, reason: "tooMany" } : { ok: true, value };
}
