// What an API key costs a request (issue 35 item 4): the same GET /api/listings from the built server on SQLite, signed in
// by a session cookie and by `Authorization: Bearer <key>`, interleaved so both see the same machine; the figure is the
// key's median minus the cookie's, target <= 0.2 ms. The key's path reads its row, counts its rate limit (a write) and
// records its use at most once a minute; the cookie's reads the session. Keys take turns: each stays under its 120/min.
// Run on its own: node bench/api-keys.ts (needs the build: npm run build).
import { performance } from "node:perf_hooks";
import { createApiKey } from "#app/features/api-keys/api-keys.server.ts";
import { apiKeyRateLimit } from "#app/features/api-keys/bearer.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { createTestDb } from "#tests/support/test-db.ts";
import { startServer } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";

const targetMs = 0.2;
const warmup = 50;
const requests = 600;

export interface ApiKeyBenchFigures {
  cookie: { p50: number; p99: number };
  key: { p50: number; p99: number };
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

export async function runApiKeyBench(): Promise<ApiKeyBenchFigures> {
  const testDb = await createTestDb("sqlite");
  const server = await startServer({ DATABASE_URL: testDb.url });
  try {
    const email = `bench-api-keys-${Date.now()}@example.com`;
    const { id, cookie } = await signInOn({ ...server, databaseUrl: testDb.url }, { firstName: "Bench", lastName: "Keys", email, password: "bench-password-2026" });
    const { workspaceId } = await getActiveMembership({ db: testDb.db, user: { id, name: "Bench Keys", email } });
    // Enough keys that none passes its rate limit: every key request is one the limit lets through.
    const perKey = apiKeyRateLimit.max - 10;
    const keys: string[] = [];
    for (let i = 0; i < Math.ceil((warmup + requests) / perKey); i++) {
      const created = await createApiKey({ db: testDb.db, workspaceId, userId: id, name: `bench ${i}`, scopes: ["read"] });
      if (!created.ok) throw new Error(created.reason);
      keys.push(created.key);
    }
    const url = `${server.url}/api/listings`;
    const timed = async (headers: Record<string, string>) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /api/listings answered ${response.status}`);
      return performance.now() - started;
    };
    const cookieSamples: number[] = [];
    const keySamples: number[] = [];
    for (let i = 0; i < warmup + requests; i++) {
      const key = { Authorization: `Bearer ${keys[Math.floor(i / perKey)]!}` };
      // Each goes first every other time: neither always follows the other's work.
      let byCookie: number;
      let byKey: number;
      if (i % 2) {
        byCookie = await timed({ cookie });
        byKey = await timed(key);
      } else {
        byKey = await timed(key);
        byCookie = await timed({ cookie });
      }
      if (i >= warmup) {
        cookieSamples.push(byCookie);
        keySamples.push(byKey);
      }
    }
    return { cookie: percentiles(cookieSamples), key: percentiles(keySamples) };
  } finally {
    await server.stop();
    await testDb.destroy();
  }
}

export function printApiKeys(figures: ApiKeyBenchFigures): void {
  const added = figures.key.p50 - figures.cookie.p50;
  console.log(`\nAPI keys on SQLite: GET /api/listings from the built server, ${requests} requests each, interleaved`);
  console.log(`  with a session cookie: p50 ${figures.cookie.p50.toFixed(2)} ms, p99 ${figures.cookie.p99.toFixed(2)} ms`);
  console.log(`  with a bearer key: p50 ${figures.key.p50.toFixed(2)} ms, p99 ${figures.key.p99.toFixed(2)} ms`);
  console.log(`Key minus cookie, median: ${added.toFixed(3)} ms${added <= targetMs ? "" : " !"} (target <= ${targetMs} ms)`);
}

if (import.meta.main) printApiKeys(await runApiKeyBench());
