/** A fixed-window counter per key, in memory (one process; see docs/decisions/005). */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export function createRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    consume(key: string, rule: RateLimitRule): RateLimitResult {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= time) {
        windows.set(key, { count: 1, resetAt: time + rule.windowMs });
        return { allowed: true, retryAfterSeconds: 0 };
      }
      if (current.count >= rule.max) return { allowed: false, retryAfterSeconds: Math.ceil((current.resetAt - time) / 1000) };
      current.count += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}

/** Limits for the auth actions: generous for people, tight for scripts guessing passwords. */
export const authRateLimits = {
  signIn: { max: 10, windowMs: 15 * 60_000 },
  signUp: { max: 30, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export const rateLimiter = createRateLimiter();
