// The page cursor of every keyset-paginated list (outputs, listings): the last item's date and id,
// opaque to clients as base64url JSON; anything else is refused, never trusted.
import { z } from "zod";

/** Where a page ends: the last item's date and id; `r` is its search rowid on SQLite search pages. */
export interface PagePosition {
  c: string;
  i: string;
  r?: number;
}

const positionSchema = z.object({
  c: z.iso.datetime({ offset: true }),
  i: z.string().min(1).max(200),
  r: z.number().int().positive().optional(),
});

export class InvalidCursorError extends Error {
  constructor() {
    super("invalid cursor");
    this.name = "InvalidCursorError";
  }
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

/** Throws InvalidCursorError for anything that is not a cursor encodeCursor wrote. */
export function decodeCursor(cursor: string): PagePosition {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(cursor)) throw new InvalidCursorError();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new InvalidCursorError();
  }
  const parsed = positionSchema.safeParse(value);
  if (!parsed.success) throw new InvalidCursorError();
  return parsed.data;
}

/** Where a page sorted by something else than a date ends (the catalog by score or title): the last item's sort key and id. */
export interface SortPosition {
  k: string | number;
  i: string;
}

const sortPositionSchema = z.object({ k: z.union([z.string().max(600), z.number().finite()]), i: z.string().min(1).max(200) });

export function encodeSortCursor(position: SortPosition): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

/** Throws InvalidCursorError for anything that is not a cursor encodeSortCursor wrote. */
export function decodeSortCursor(cursor: string): SortPosition {
  if (!/^[A-Za-z0-9_-]{1,1200}$/.test(cursor)) throw new InvalidCursorError();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new InvalidCursorError();
  }
  const parsed = sortPositionSchema.safeParse(value);
  if (!parsed.success) throw new InvalidCursorError();
  return parsed.data;
}
