// Importing from Amazon (issue 33 item 7, first line): 2,000 SKUs of one store against the SP-API stand-in at
// Amazon's documented rates (rateScale 1: searchListingsItems 5 a second, burst 5), on SQLite, through the
// import worker as the server runs it. Over 1,000 SKUs the catalog is read through the All Listings report,
// then 20 SKUs a searchListingsItems call. The floor is what Amazon's rate allows: the searchListingsItems
// calls made ÷ 5 a second (the report's own calls have bursts of 15 and cost no wait). Target: wall time
// ≤ 1.1 × the floor. About 20 s. BENCH_IMPORT_RATE_SCALE runs it faster (the floor is then computed at that scale).
// Run on its own: node bench/amazon-import.ts.
import { performance } from "node:perf_hooks";
import { createAuth } from "#app/features/auth/auth.server.ts";
import { saveConnection } from "#app/features/amazon/connections.server.ts";
import { createImportRun, getImportRun } from "#app/features/amazon/import/import-runs.server.ts";
import { startImportRunner } from "#app/features/amazon/import/import-runner.server.ts";
import { exchangeAuthorizationCode } from "#app/features/amazon/lwa.server.ts";
import { spApiOperations } from "#app/features/amazon/operations.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { signUpUser } from "#tests/support/sign-up.ts";
import { startSpApiStub, type StubListing } from "#tests/support/sp-api-stub.ts";
import { createTestDb } from "#tests/support/test-db.ts";

const skus = 2_000;
const rateScale = Number(process.env.BENCH_IMPORT_RATE_SCALE ?? 1);
const target = 1.1;
const app = { appId: "amzn1.sp.solution.bench", clientId: "amzn1.application-oa2-client.bench", clientSecret: "bench-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const us = "ATVPDKIKX0DER";

export interface AmazonImportBenchFigures {
  wallSeconds: number;
  floorSeconds: number;
  searchCalls: number;
  throttled: number;
  created: number;
}

export async function runAmazonImportBench(): Promise<AmazonImportBenchFigures> {
  const listings: StubListing[] = Array.from({ length: skus }, (_, i) => ({
    sku: `BENCH-${String(i).padStart(5, "0")}`,
    asin: `B0BENCH${String(i).padStart(4, "0")}`,
    productType: "LUGGAGE",
    marketplaceId: us,
    languageTag: "en_US",
    title: `Acme carry-on suitcase ${i}, hard shell with spinner wheels`,
    bullets: ["Spinner wheels that turn all the way round", "Fits the overhead bins of most airlines", "Hard shell that shrugs off knocks"],
    description: "A light hard-shell case for short trips.",
    keywords: "luggage suitcase carry on cabin bag",
    brand: "Acme",
  }));
  const stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], rateScale, sellers: [{ sellerId: "A2BENCHSELLER", region: "na", marketplaceIds: [us], listings }] });
  const testDb = await createTestDb("sqlite");
  try {
    const { db } = testDb;
    const auth = createAuth({ config: testDb.config, db, mailer: testDb.mailer });
    const { user } = await signUpUser(auth, { email: `bench-import-${Date.now()}@example.com` });
    const { workspaceId } = await getActiveMembership({ db, user });
    // The seller's consent on the stand-in, then the code for a refresh token, as the settings page does.
    const consent = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", redirect: "manual", body: new URLSearchParams({ application_id: app.appId, state: "bench", redirect_uri: redirectUri, seller_id: "A2BENCHSELLER", decision: "approve" }) });
    const code = new URL(consent.headers.get("location")!).searchParams.get("spapi_oauth_code")!;
    const amazon = { ...app, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
    const { refreshToken } = await exchangeAuthorizationCode(amazon, { code, redirectUri });
    const connectionId = await saveConnection({ db, config: testDb.config, workspaceId, region: "na", sellingPartnerId: "A2BENCHSELLER", refreshToken, marketplaces: [{ marketplaceId: us, name: "Amazon.com", countryCode: "US", participating: true }], userId: user.id });
    const runner = await startImportRunner({ db, config: { ...testDb.config, amazon }, rateScale, sweepEveryMs: 3_600_000 });
    try {
      const run = await createImportRun({ db, workspaceId, connectionId, userId: user.id, marketplaceIds: [us] });
      const started = performance.now();
      await runner.enqueue({ id: run.id, workspaceId });
      for (;;) {
        const state = await getImportRun({ db, workspaceId, importId: run.id });
        if (state?.status === "completed") break;
        if (state?.status !== "running") throw new Error(`the import ended ${state?.status}: ${state?.error ?? state?.pauseReason}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const wallSeconds = (performance.now() - started) / 1000;
      const done = await getImportRun({ db, workspaceId, importId: run.id });
      const searches = stub.requests.filter((request) => request.operation === "searchListingsItems");
      const searchCalls = searches.filter((request) => request.status === 200).length;
      return { wallSeconds, floorSeconds: searchCalls / (spApiOperations.searchListingsItems.rate * rateScale), searchCalls, throttled: stub.requests.filter((request) => request.status === 429).length, created: done?.created ?? 0 };
    } finally {
      await runner.stop();
    }
  } finally {
    await testDb.destroy();
    await stub.close();
  }
}

export function printAmazonImport(figures: AmazonImportBenchFigures): void {
  const ratio = figures.wallSeconds / figures.floorSeconds;
  console.log(`\nImport from Amazon on SQLite: ${skus.toLocaleString("en-US")} SKUs of one store, stand-in at ${rateScale === 1 ? "Amazon's documented rates" : `${rateScale} × Amazon's rates`} (searchListingsItems ${spApiOperations.searchListingsItems.rate * rateScale}/s)`);
  console.log(`importing ${skus.toLocaleString("en-US")} SKUs: ${figures.wallSeconds.toFixed(1)} s, floor ${figures.floorSeconds.toFixed(1)} s (${figures.searchCalls} searchListingsItems calls ÷ ${spApiOperations.searchListingsItems.rate * rateScale}/s), ratio ${ratio.toFixed(2)}${ratio <= target ? "" : " !"} (target <= ${target}); ${figures.created} listings created, ${figures.throttled} answers 429`);
}

if (import.meta.main) printAmazonImport(await runAmazonImportBench());
