// The audit page's and export's filters read from an address. Browser-safe.
import { catalogFilterSchema, type CatalogFilter } from "./types.ts";

const filterKeys = ["rule", "severity", "store", "min", "max", "changed", "sort"] as const;

function given(url: URL): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== "") values[key] = value;
  }
  return values;
}

/** The export's reading: a filter that is not valid is refused with the fields that are wrong. */
export function readCatalogFilter(url: URL): { ok: true; filter: CatalogFilter } | { ok: false; fields: string[] } {
  const parsed = catalogFilterSchema.safeParse(given(url));
  if (parsed.success) return { ok: true, filter: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))] };
}

/** The page's reading: a filter that is not valid (an edited address) is left out, the rest kept. */
export function readCatalogFilterLeniently(url: URL): CatalogFilter {
  const values = given(url);
  const read = readCatalogFilter(url);
  if (read.ok) return read.filter;
  for (const field of read.fields) delete values[field];
  return catalogFilterSchema.parse(values);
}
