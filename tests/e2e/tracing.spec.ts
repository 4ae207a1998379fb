// Traces over OTLP/HTTP to a local receiver: the built server (node server/main.js, the build named by
// BUILD_DIR) with OTEL_EXPORTER_OTLP_ENDPOINT set writes a generation through the streaming AI stub, and
// the receiver gets one trace holding the request, the provider call and the database transactions. On
// SQLite and (with TEST_DATABASE_URL) PostgreSQL. Without the endpoint, the API's no-op tracer is all.
// A Playwright spec rather than Vitest because it runs the built server: scripts/test.sh builds after
// Vitest, right before Playwright.
import { trace } from "@opentelemetry/api";
import { expect, test } from "@playwright/test";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "#tests/support/otlp-receiver.ts";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { startServerWithStub, type ServerWithStub } from "#tests/support/server-with-stub.ts";

const descriptionInputs = { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives, deep juice grooves", toneOfVoice: "Professional", numberOutputs: "2" };

/** True when `span` descends from `root` through spans of the same trace. */
function descendsFrom(span: ReceivedSpan, root: ReceivedSpan, spans: ReceivedSpan[]): boolean {
  const byId = new Map(spans.filter((other) => other.traceId === root.traceId).map((other) => [other.spanId, other]));
  let current: ReceivedSpan | undefined = span;
  for (let depth = 0; current && depth < 50; depth++) {
    if (current.spanId === root.spanId) return true;
    current = current.parentSpanId ? byId.get(current.parentSpanId) : undefined;
  }
  return false;
}

for (const kind of ["sqlite", "postgres"] as const) {
  test.describe(`traces of a generation on ${kind}`, () => {
    test.skip(kind === "postgres" && !process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL: the PostgreSQL run gets a database of its own there");
    test.describe.configure({ mode: "default" });

    let receiver: OtlpReceiver | undefined;
    let started: ServerWithStub | undefined;
    let server: ServerProcess | undefined;
    let cookie: string;

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      receiver = await startOtlpReceiver();
      started = await startServerWithStub({
        kind,
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100" },
        user: { firstName: "Grace", lastName: "Hopper", email: `grace-traces-${kind}@example.com`, password: "correct horse battery" },
      });
      ({ server, cookie } = started);
    });
    test.afterAll(async () => {
      await started?.stop();
      await receiver?.close();
    });

    test("exports one trace with the request, the provider call and the database transactions", async () => {
      const answer = await fetch(`${server!.url}/api/generations`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie },
        body: JSON.stringify({ templateId: "description", inputs: descriptionInputs, count: 2 }),
      });
      expect(answer.status).toBe(200);
      const requestId = answer.headers.get("x-request-id");
      expect(await answer.text()).toContain("event: done");

      // The request's span ends with its answer; the exporter sends it within its delay (100 ms here).
      const spans = receiver!.spans;
      const isRequest = (span: ReceivedSpan) => span.name === "POST /api/generations" && span.attributes["sellscribe.request_id"] === requestId;
      await expect.poll(() => spans.some(isRequest), { timeout: 20_000, intervals: [100] }).toBe(true);
      const root = spans.find(isRequest)!;
      expect(root.parentSpanId).toBeUndefined();
      expect(root.kind).toBe(2);
      expect(root.attributes).toMatchObject({ "http.request.method": "POST", "http.route": "/api/generations", "http.response.status_code": 200 });
      expect(root.resource["service.name"]).toBe("sellscribe");
      expect(receiver!.requests.every((request) => request.path === "/v1/traces" && request.contentType.startsWith("application/json"))).toBe(true);

      const inTrace = spans.filter((span) => span.traceId === root.traceId);
      const providerCalls = inTrace.filter((span) => span.attributes["gen_ai.operation.name"] === "chat");
      expect(providerCalls).toHaveLength(1);
      expect(providerCalls[0]).toMatchObject({ name: "chat llama3.2", kind: 3, statusCode: 0, attributes: { "gen_ai.provider.name": "openai-compatible", "gen_ai.request.model": "llama3.2" } });
      expect(providerCalls[0]!.attributes["gen_ai.usage.output_tokens"]).toBeGreaterThan(0);

      const transactions = inTrace.filter((span) => span.name === "db.transaction");
      // At least the one saving the outputs with the generation's result and its words.
      expect(transactions.length).toBeGreaterThanOrEqual(1);
      for (const transaction of transactions) expect(transaction.attributes["db.system.name"]).toBe(kind === "sqlite" ? "sqlite" : "postgresql");

      for (const span of [...providerCalls, ...transactions]) expect(descendsFrom(span, root, spans)).toBe(true);
      // Nothing of this generation landed in another trace.
      const stray = spans.filter((span) => span.traceId !== root.traceId && span.attributes["gen_ai.operation.name"] === "chat");
      expect(stray).toEqual([]);
    });
  });
}

test.describe("tracing without an endpoint", () => {
  test("loads no SDK: the API's tracer records nothing", async () => {
    // Imported here: the server module (and its logger) loads only for this test.
    const { startTracing } = await import("#server/observability/tracing.server.ts");
    expect(await startTracing({ endpoint: undefined })).toBe(false);
    const span = trace.getTracer("sellscribe").startSpan("nothing");
    expect(span.isRecording()).toBe(false);
    span.end();
  });
});
