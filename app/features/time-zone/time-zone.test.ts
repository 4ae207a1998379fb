import { describe, expect, it } from "vitest";
import { dayIn, knownTimeZone, timeZoneFromCookies } from "./time-zone.ts";

describe("time zones", () => {
  it("gives the calendar day of an instant where the user is", () => {
    const instant = new Date("2026-11-21T05:30:00Z");
    expect(dayIn("UTC", instant)).toBe("2026-11-21");
    expect(dayIn("America/Los_Angeles", instant)).toBe("2026-11-20");
    expect(dayIn("Asia/Tokyo", new Date("2026-11-21T15:30:00Z"))).toBe("2026-11-22");
  });

  it("reads the zone from the tz cookie and ignores what Intl does not know", () => {
    expect(timeZoneFromCookies("a=1; tz=Europe%2FMadrid; b=2")).toBe("Europe/Madrid");
    expect(timeZoneFromCookies("tz=Mars%2FOlympus")).toBeUndefined();
    expect(timeZoneFromCookies("tz=%E0%A4%A")).toBeUndefined();
    expect(timeZoneFromCookies("xtz=UTC")).toBeUndefined();
    expect(timeZoneFromCookies(null)).toBeUndefined();
    expect(knownTimeZone("x".repeat(100))).toBeUndefined();
  });
});
