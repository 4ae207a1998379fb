// The list a history page shows: the loader's first page plus pages loaded with "Load more".
// Pure functions (unit-tested); the page keeps the state.
import type { OutputPage, OutputView } from "./output-view.ts";

/** Newest first, as the server orders them: createdAt desc, then id desc. Negative: `a` comes first. */
export function compareOutputs(a: Pick<OutputView, "createdAt" | "id">, b: Pick<OutputView, "createdAt" | "id">): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id > b.id ? -1 : 1;
}

/**
 * A reloaded first page replaces the items it covers (new outputs appear, deleted ones go) and keeps
 * the older items already loaded beyond it, with their cursor, so "Load more" continues without a gap.
 */
export function mergeFirstPage(current: OutputPage, fresh: OutputPage): OutputPage {
  const boundary = fresh.items.at(-1);
  if (!boundary || fresh.nextCursor === null) return fresh;
  const seen = new Set(fresh.items.map((item) => item.id));
  const older = current.items.filter((item) => !seen.has(item.id) && compareOutputs(item, boundary) > 0);
  if (older.length === 0) return fresh;
  return { items: [...fresh.items, ...older], nextCursor: current.nextCursor };
}

/** The next page, without repeating anything already shown. */
export function appendPage(current: OutputPage, next: OutputPage): OutputPage {
  const seen = new Set(current.items.map((item) => item.id));
  return { items: [...current.items, ...next.items.filter((item) => !seen.has(item.id))], nextCursor: next.nextCursor };
}

export function replaceItem(current: OutputPage, output: OutputView): OutputPage {
  return { ...current, items: current.items.map((item) => (item.id === output.id ? output : item)) };
}

export function removeItem(current: OutputPage, id: string): OutputPage {
  return { ...current, items: current.items.filter((item) => item.id !== id) };
}

/** Puts an output back in its place (Undo), if that place is within what is loaded; otherwise "Load more" brings it. */
export function insertItem(current: OutputPage, output: OutputView): OutputPage {
  if (current.items.some((item) => item.id === output.id)) return replaceItem(current, output);
  const last = current.items.at(-1);
  if (last && current.nextCursor !== null && compareOutputs(output, last) > 0) return current;
  const items = [...current.items, output].sort(compareOutputs);
  return { ...current, items };
}
