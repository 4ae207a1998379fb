import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server.ts";

describe("rate limiter", () => {
  it("allows max attempts per window, then says how long to wait, then allows again", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(() => now);
    const rule = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(limiter.consume("k", rule).allowed).toBe(true);
    now += 15_000;
    expect(limiter.consume("k", rule)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.consume("other", rule).allowed).toBe(true);
    now += 45_000;
    expect(limiter.consume("k", rule).allowed).toBe(true);
  });
});
