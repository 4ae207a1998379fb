// The catalog's selection rule (issue 33 item 6), apart from React so it can be tested: listings chosen up to
// the most one fix job holds, the rest refused and said so. Browser-safe.

/** `current` with `ids` chosen (or let go of); `refused` when some could not be chosen because `max` was reached. */
export function selectListings(current: ReadonlySet<string>, ids: readonly string[], selected: boolean, max: number): { next: ReadonlySet<string>; refused: boolean } {
  const next = new Set(current);
  let refused = false;
  for (const id of ids) {
    if (!selected) next.delete(id);
    else if (next.size < max) next.add(id);
    else if (!next.has(id)) refused = true;
  }
  return { next, refused };
}
