import { describe, expect, it } from "vitest";
import { greetingKey, hourIn } from "./greeting.ts";

describe("greeting", () => {
  it("follows the local hour", () => {
    expect(greetingKey(4)).toBe("dashboard.greeting.evening");
    expect(greetingKey(5)).toBe("dashboard.greeting.morning");
    expect(greetingKey(11)).toBe("dashboard.greeting.morning");
    expect(greetingKey(12)).toBe("dashboard.greeting.afternoon");
    expect(greetingKey(17)).toBe("dashboard.greeting.afternoon");
    expect(greetingKey(18)).toBe("dashboard.greeting.evening");
    expect(greetingKey(23)).toBe("dashboard.greeting.evening");
  });

  it("reads the hour in the user's time zone and ignores unknown zones", () => {
    const noonUtc = new Date("2026-11-21T12:30:00Z");
    expect(hourIn("UTC", noonUtc)).toBe(12);
    expect(hourIn("America/New_York", noonUtc)).toBe(7);
    expect(hourIn("Asia/Tokyo", noonUtc)).toBe(21);
    expect(hourIn("Not/AZone", noonUtc)).toBeNull();
    expect(hourIn(undefined, noonUtc)).toBeNull();
  });
});
