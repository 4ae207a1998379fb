import { describe, expect, it } from "vitest";
import { formatRelativeTime, relativeTimeOf } from "./relative-time.ts";

const now = Date.parse("2026-06-15T12:00:00.000Z");
const ago = (seconds: number) => now - seconds * 1000;

describe("relative dates (seed §9 buckets)", () => {
  it("goes from just now through seconds, minutes, hours, days, months to years", () => {
    expect(relativeTimeOf(now, now)).toEqual({ kind: "justNow" });
    expect(relativeTimeOf(ago(9), now)).toEqual({ kind: "justNow" });
    expect(relativeTimeOf(now + 5000, now)).toEqual({ kind: "justNow" });
    expect(relativeTimeOf(ago(10), now)).toEqual({ kind: "ago", value: 10, unit: "second" });
    expect(relativeTimeOf(ago(59), now)).toEqual({ kind: "ago", value: 59, unit: "second" });
    expect(relativeTimeOf(ago(60), now)).toEqual({ kind: "ago", value: 1, unit: "minute" });
    expect(relativeTimeOf(ago(3599), now)).toEqual({ kind: "ago", value: 59, unit: "minute" });
    expect(relativeTimeOf(ago(3600), now)).toEqual({ kind: "ago", value: 1, unit: "hour" });
    expect(relativeTimeOf(ago(86_399), now)).toEqual({ kind: "ago", value: 23, unit: "hour" });
    expect(relativeTimeOf(ago(86_400), now)).toEqual({ kind: "ago", value: 1, unit: "day" });
    expect(relativeTimeOf(ago(29 * 86_400), now)).toEqual({ kind: "ago", value: 29, unit: "day" });
    expect(relativeTimeOf(ago(30 * 86_400), now)).toEqual({ kind: "ago", value: 1, unit: "month" });
    expect(relativeTimeOf(ago(364 * 86_400), now)).toEqual({ kind: "ago", value: 11, unit: "month" });
    expect(relativeTimeOf(ago(365 * 86_400), now)).toEqual({ kind: "ago", value: 1, unit: "year" });
    expect(relativeTimeOf(ago(3 * 365 * 86_400), now)).toEqual({ kind: "ago", value: 3, unit: "year" });
  });

  it("speaks English and Spanish", () => {
    const iso = (seconds: number) => new Date(ago(seconds)).toISOString();
    expect(formatRelativeTime(iso(2), now, "en", "just now")).toBe("just now");
    expect(formatRelativeTime(iso(30), now, "en", "just now")).toBe("30 seconds ago");
    expect(formatRelativeTime(iso(300), now, "en", "just now")).toBe("5 minutes ago");
    expect(formatRelativeTime(iso(3600), now, "en", "just now")).toBe("1 hour ago");
    expect(formatRelativeTime(iso(2 * 86_400), now, "es", "justo ahora")).toBe("hace 2 días");
    expect(formatRelativeTime(iso(400 * 86_400), now, "es", "justo ahora")).toBe("hace 1 año");
  });
});
