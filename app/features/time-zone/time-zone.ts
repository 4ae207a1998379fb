// The signed-in user's time zone: the browser names it in a cookie (rememberTimeZoneScript), so the
// server can greet by the hour and count usage by the user's own days. Unknown → UTC.
import { readCookie } from "#app/lib/cookies.ts";

export const timeZoneCookie = "tz";

/** A time zone Intl knows, or undefined. */
export function knownTimeZone(zone: string | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The zone named by the `tz` cookie in a Cookie header, if Intl knows it. */
export function timeZoneFromCookies(cookieHeader: string | null): string | undefined {
  const zone = readCookie(cookieHeader, timeZoneCookie);
  return zone ? knownTimeZone(zone) : undefined;
}

// One formatter per zone: usage groups a period's generations with it, one call each.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(timeZone: string, instant: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD. An unknown zone throws here, before it is kept.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * Inline in every page's head (root.tsx): names the browser's zone in the `tz` cookie before any
 * request that could use it, so even a first visit's later pages see the user's days.
 */
export const rememberTimeZoneScript = `try{document.cookie="${timeZoneCookie}="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;
