// SP-API's token buckets on our side, per (connection, operation), so every server on one database
// spends the same budget (docs/decisions/018's approach: one atomic upsert per request in rate_limit).
// The bucket is kept as GCRA's "theoretical arrival time" in resetAt: a row whose time has passed is a
// full bucket, so the rate-limit sweep deleting it changes nothing.
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { spacingMs, spApiOperations, type SpApiOperationName } from "./operations.ts";

export type SpApiTurn = { allowed: true } | { allowed: false; waitMs: number };

export interface SpApiRateLimiter {
  /** Takes a token from the bucket, or says how long until one is there. */
  take(connectionId: string, operation: SpApiOperationName): Promise<SpApiTurn>;
  /** Waits (through `sleep`) until a token is there, then takes it. */
  waitForTurn(connectionId: string, operation: SpApiOperationName): Promise<void>;
  /** After Amazon's 429: nobody on this database calls the operation for this connection for `waitMs`. */
  holdOff(connectionId: string, operation: SpApiOperationName, waitMs: number): Promise<void>;
}

export interface SpApiRateLimiterOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Multiplies every rate (bursts stay): a faster stand-in in tests and benchmarks. */
  rateScale?: number;
  /**
   * How much later than its turn a request may reach Amazon (ms; the token refresh, the network, a busy event
   * loop): Amazon's bucket counts arrivals, so this much of the burst is kept back (or, with a burst of 1, added
   * to the spacing) and requests bunched by the way still fit. 0: turns at exactly the documented rate and burst.
   */
  arrivalJitterMs?: number;
}

const keyOf = (connectionId: string, operation: SpApiOperationName) => `spapi:${connectionId}:${operation}`;

export function createSpApiRateLimiter(db: Db, { now = Date.now, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), rateScale = 1, arrivalJitterMs = 0 }: SpApiRateLimiterOptions = {}): SpApiRateLimiter {
  const bucket = (operation: SpApiOperationName) => {
    const documented = spacingMs(spApiOperations[operation], rateScale);
    const burstMs = (spApiOperations[operation].burst - 1) * documented;
    // Arrivals up to arrivalJitterMs late conform to Amazon's bucket when ours keeps that much tolerance back.
    // Whole milliseconds: the bucket's row keeps integers (PostgreSQL refuses a fraction).
    const jitter = Math.ceil(arrivalJitterMs);
    return { spacing: documented + Math.max(0, jitter - burstMs), tolerance: Math.max(0, burstMs - jitter) };
  };
  const limiter: SpApiRateLimiter = {
    async take(connectionId, operation) {
      const time = Math.floor(now());
      const { spacing, tolerance } = bucket(operation);
      const key = keyOf(connectionId, operation);
      // Both expressions read the row as it was before this update; a refused request changes nothing.
      const arrival = sql<number>`case when rate_limit."resetAt" > ${time} then rate_limit."resetAt" else ${time} end`;
      const taken = await db
        .insertInto("rate_limit")
        .values({ key, count: 1, resetAt: time + spacing })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet({ count: sql<number>`rate_limit."count" + 1`, resetAt: sql<number>`${arrival} + ${spacing}` })
            .where(sql<boolean>`${arrival} - ${time} <= ${tolerance}`),
        )
        .returning("resetAt")
        .executeTakeFirst();
      if (taken) return { allowed: true };
      const row = await db.selectFrom("rate_limit").select("resetAt").where("key", "=", key).executeTakeFirst();
      return { allowed: false, waitMs: Math.max(1, Number(row?.resetAt ?? time) - time - tolerance) };
    },
    async waitForTurn(connectionId, operation) {
      for (;;) {
        const turn = await limiter.take(connectionId, operation);
        if (turn.allowed) return;
        await sleep(turn.waitMs);
      }
    },
    async holdOff(connectionId, operation, waitMs) {
      const time = Math.floor(now());
      const { tolerance } = bucket(operation);
      const until = time + Math.ceil(waitMs) + tolerance;
      await db
        .insertInto("rate_limit")
        .values({ key: keyOf(connectionId, operation), count: 0, resetAt: until })
        .onConflict((oc) => oc.column("key").doUpdateSet({ resetAt: sql<number>`case when rate_limit."resetAt" > ${until} then rate_limit."resetAt" else ${until} end` }))
        .execute();
    },
  };
  return limiter;
}
