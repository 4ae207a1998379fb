/** Seed §3: the first word of a display name is the first name, the second word the last name. */
export function splitDisplayName(displayName: string | null | undefined): { firstName: string; lastName: string } {
  const words = (displayName ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? "", lastName: words[1] ?? "" };
}

/** The full name Better Auth keeps in user.name. */
export function joinName(firstName: string, lastName: string): string {
  return [firstName, lastName].map((part) => part.trim()).filter(Boolean).join(" ");
}
