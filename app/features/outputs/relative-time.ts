// "just now", "5 minutes ago", "hace 3 días": the seed's relative-date buckets (§9), in the page's language.
import type { Locale } from "#app/i18n/i18n.ts";
import { intlTag } from "#app/lib/intl.ts";

export type RelativeTime = { kind: "justNow" } | { kind: "ago"; value: number; unit: "second" | "minute" | "hour" | "day" | "month" | "year" };

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/** The bucket for a date seen at `nowMs`: just now (under 10 s), then seconds, minutes, hours, days, months, years. */
export function relativeTimeOf(dateMs: number, nowMs: number): RelativeTime {
  // A date a little in the future (clock skew) reads as just now.
  const seconds = Math.max(0, Math.floor((nowMs - dateMs) / 1000));
  if (seconds < 10) return { kind: "justNow" };
  if (seconds < minute) return { kind: "ago", value: seconds, unit: "second" };
  if (seconds < hour) return { kind: "ago", value: Math.floor(seconds / minute), unit: "minute" };
  if (seconds < day) return { kind: "ago", value: Math.floor(seconds / hour), unit: "hour" };
  const days = Math.floor(seconds / day);
  if (days < 30) return { kind: "ago", value: days, unit: "day" };
  if (days < 365) return { kind: "ago", value: Math.min(11, Math.floor(days / 30)), unit: "month" };
  return { kind: "ago", value: Math.floor(days / 365), unit: "year" };
}

const formats = new Map<Locale, Intl.RelativeTimeFormat>();

export function formatRelativeTime(iso: string, nowMs: number, locale: Locale, justNow: string): string {
  const relative = relativeTimeOf(Date.parse(iso), nowMs);
  if (relative.kind === "justNow") return justNow;
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlTag(locale), { numeric: "always" });
    formats.set(locale, format);
  }
  return format.format(-relative.value, relative.unit);
}

/** The exact date and time, for the tooltip (in the browser's time zone). */
export function formatExactDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "full", timeStyle: "short" }).format(new Date(iso));
}
