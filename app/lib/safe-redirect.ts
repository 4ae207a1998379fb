// Redirect targets from a query or form field (redirectTo): only paths on this site.
import { hasUnprintable } from "./printable.ts";

const base = "http://sellscribe.invalid";

/** Each percent-decoding of `value` until it stops changing (or cannot be decoded). */
function decodings(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // The target itself is malformed; a later form that is not is just text with a "%" in it.
      return i === 0 ? null : forms;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * `target` when it is a same-origin path of printable characters that starts with one "/" and not
 * "//" or "/\" however often it is percent-decoded; otherwise `fallback`. Browsers drop tabs and
 * newlines from URLs and read "\" as "/", so "/<TAB>/evil.example" would leave the site.
 */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  const forms = decodings(target);
  if (!forms) return fallback;
  for (const form of forms) {
    if (hasUnprintable(form) || !form.startsWith("/") || form.startsWith("//") || form.startsWith("/\\")) return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What the URL parser made of it must still be a plain path (backslashes become slashes, dot segments go).
  return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
}
