// Fixed-window rate limits kept in the database, so every app server counts the same attempts
// (docs/decisions/012). One upsert per attempt: it opens a window, or counts into the open one.
import { sql } from "kysely";
import type { Db } from "./db/db.server.ts";
import { recordRateLimitRefusal } from "./observability/metrics.server.ts";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Deletes windows that have ended (housekeeping). */
  sweep(): Promise<number>;
}

// Keys carry e-mail addresses; anything longer than this is cut (the prefix still names the rule).
const maxKeyLength = 400;

function upsert(db: Db, key: string, time: number, resetAt: number) {
  return db
    .insertInto("rate_limit")
    .values({ key, count: 1, resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        // Both expressions read the row as it was before this update.
        count: sql<number>`case when rate_limit."resetAt" <= ${time} then 1 else rate_limit."count" + 1 end`,
        resetAt: sql<number>`case when rate_limit."resetAt" <= ${time} then ${resetAt} else rate_limit."resetAt" end`,
      }),
    )
    .returning(["count", "resetAt"]);
}

// Placeholders of the upsert compiled once: API keys count every request (issue 35), and building and compiling the
// statement cost more than running it. Each placeholder is replaced by its value, whatever order the dialect puts them in.
const keySlot = "\u0000key";
const timeSlot = -1;
const resetSlot = -2;

export function createRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  const compiled = upsert(db, keySlot, timeSlot, resetSlot).compile();
  return {
    async consume(key, rule) {
      const time = now();
      const resetAt = time + rule.windowMs;
      const values = new Map<unknown, unknown>([[keySlot, key.slice(0, maxKeyLength)], [timeSlot, time], [resetSlot, resetAt]]);
      const parameters = compiled.parameters.map((parameter) => (values.has(parameter) ? values.get(parameter) : parameter));
      const [row] = (await db.executeQuery<{ count: number; resetAt: number }>({ ...compiled, parameters })).rows;
      if (!row) throw new Error("rate limit upsert returned no row");
      if (Number(row.count) <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
      recordRateLimitRefusal(key);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.resetAt) - time) / 1000)) };
    },
    async sweep() {
      const result = await db.deleteFrom("rate_limit").where("resetAt", "<=", now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** Limits for the auth actions: generous for people, tight for scripts guessing passwords. */
export const authRateLimits = {
  signIn: { max: 10, windowMs: 15 * 60_000 },
  signUp: { max: 30, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 60 * 60_000 },
  /** "Send again" on the verify-your-e-mail banner, per user. */
  verificationEmail: { max: 3, windowMs: 60 * 60_000 },
  /** Change-of-address requests from settings, per user: each mails two addresses. */
  emailChange: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;
