import { hasUnprintable, replaceUnprintable } from "#app/lib/printable.ts";

/** Longest first or last name, on every path (forms, external sign-in, Better Auth's API). */
export const maxNameLength = 50;

/** A name as we store it: no control or invisible characters, single spaces, at most 50 characters. */
export function cleanName(value: unknown): string {
  if (typeof value !== "string") return "";
  return [...replaceUnprintable(value.slice(0, 10 * maxNameLength), " ").replace(/\s+/g, " ").trim()].slice(0, maxNameLength).join("").trim();
}

/** Seed §3: the first word of a display name is the first name, the second word the last name. */
export function splitDisplayName(displayName: string | null | undefined): { firstName: string; lastName: string } {
  const [first = "", second = ""] = replaceUnprintable((displayName ?? "").slice(0, 1000), " ").trim().split(/\s+/);
  return { firstName: cleanName(first), lastName: cleanName(second) };
}

/** The full name Better Auth keeps in user.name. */
export function joinName(firstName: string, lastName: string): string {
  return [cleanName(firstName), cleanName(lastName)].filter(Boolean).join(" ");
}

/** A profile picture address: https only (no javascript:, data: or plain http), else none. */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !hasUnprintable(value) ? url.toString() : null;
  } catch {
    return null;
  }
}
