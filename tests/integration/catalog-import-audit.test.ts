// After an import from Amazon (issue 33 items 3 and 5), on both databases: the catalog's audit hears the finished
// run, audits every imported listing (Amazon's ERROR issues counted like ours) and records an "import" point.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogTotals, listHealthPoints } from "#app/features/catalog/catalog.server.ts";
import "#app/features/catalog/audit.server.ts";
import { callbackParams, finishAmazonConnect, startAmazonConnect } from "#app/features/amazon/connect.server.ts";
import { createImportRun, getImportRun } from "#app/features/amazon/import/import-runs.server.ts";
import { startImportRunner, type ImportRunner } from "#app/features/amazon/import/import-runner.server.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { seededSellers, startSpApiStub, type SpApiStub } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-test", clientId: "amzn1.application-oa2-client.sellscribe", clientSecret: "lwa-test-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const rateScale = 200;

describe.each(testDatabaseKinds)("the catalog audit after an import on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  let stub: SpApiStub;
  let amazon: AmazonConfig;
  let config: AppConfig;
  let runner: ImportRunner | undefined;

  beforeAll(async () => {
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], sellers: seededSellers(), rateScale });
    amazon = { ...app, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
    config = { ...backend.config, amazon };
  });
  afterAll(async () => {
    await runner?.stop();
    await stub?.close();
  });

  it("audits the imported listings and records an import point", async () => {
    const db = backend.testDb.db;
    const { user, workspaceId } = await backend.signUp();
    const consentAt = new URL(await startAmazonConnect({ db, amazon, workspaceId, userId: user.id, sessionKey: "s", region: "na" }));
    const form = new URLSearchParams({ application_id: app.appId, state: consentAt.searchParams.get("state")!, redirect_uri: redirectUri, seller_id: "A2NASTUBSELLER", decision: "approve" });
    const answer = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", body: form, redirect: "manual" });
    const connected = await finishAmazonConnect({ db, config, amazon, params: callbackParams(new URL(answer.headers.get("location")!)), workspaceId, userId: user.id, sessionKey: "s", limiter: createSpApiRateLimiter(db) });
    if (!connected.ok) throw new Error(`connect failed: ${JSON.stringify(connected)}`);
    const seller = stub.sellers.find((candidate) => candidate.sellerId === "A2NASTUBSELLER")!;
    runner = await startImportRunner({ db, config, rateScale, sweepEveryMs: 3_600_000, reportPollMs: 5, retryDelayMs: 5, workerId: "catalog-audit" });
    const run = await createImportRun({ db, workspaceId, connectionId: connected.connectionId, userId: user.id, marketplaceIds: seller.marketplaceIds });
    await runner.enqueue({ id: run.id, workspaceId });
    await vi.waitFor(async () => expect((await getImportRun({ db, workspaceId, importId: run.id }))?.status).toBe("completed"), { timeout: 20_000, interval: 20 });
    await vi.waitFor(async () => expect((await listHealthPoints({ db, workspaceId })).map((point) => point.trigger)).toEqual(["import"]), { timeout: 10_000, interval: 20 });

    const imported = seller.listings.length;
    const totals = await catalogTotals({ db, workspaceId });
    expect(totals).toMatchObject({ listings: imported, audited: imported });
    const amazonErrors = seller.listings.filter((live) => live.issues?.some((issue) => issue.severity === "ERROR")).length;
    expect(amazonErrors).toBeGreaterThan(0);
    expect(totals.bySource.amazon).toBe(amazonErrors);
    expect((await listHealthPoints({ db, workspaceId }))[0]).toMatchObject({ trigger: "import", listings: imported, failing: totals.failing });
  });
});
