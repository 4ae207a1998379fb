import type { MessageKey } from "#app/i18n/i18n.ts";

/** Morning from 5:00, afternoon from 12:00, evening from 18:00 (and through the night). */
export function greetingKey(hour: number): MessageKey {
  if (hour >= 5 && hour < 12) return "dashboard.greeting.morning";
  if (hour >= 12 && hour < 18) return "dashboard.greeting.afternoon";
  return "dashboard.greeting.evening";
}

/** The hour in a time zone, or null when the zone is unknown. */
export function hourIn(timeZone: string | undefined, now = new Date()): number | null {
  if (!timeZone) return null;
  try {
    const hour = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(now);
    return Number.parseInt(hour, 10);
  } catch {
    return null;
  }
}
