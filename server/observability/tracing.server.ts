// OpenTelemetry traces (docs/decisions/024). The code makes spans through @opentelemetry/api only; its
// tracer is a no-op until startTracing registers the SDK, which is imported (about 30 MB) only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set, and exports spans as OTLP/HTTP JSON to "$endpoint/v1/traces".
import { hostname } from "node:os";
import { context, SpanStatusCode, trace, type Attributes, type Span, type SpanKind } from "@opentelemetry/api";
import { logger } from "#server/logger.server.ts";

/** Every span of ours comes from this tracer (a proxy: it starts recording once the SDK is registered). */
export const tracer = trace.getTracer("sellscribe");

let shutdown: (() => Promise<void>) | undefined;

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; unset, nothing is loaded. */
  endpoint?: string;
  /** Milliseconds between two exports of finished spans (OTEL_BSP_SCHEDULE_DELAY). */
  exportDelayMs?: number;
  /** The resource's service.name (OTEL_SERVICE_NAME). */
  serviceName?: string;
}

/** Registers the OpenTelemetry SDK when an endpoint is set; true when spans are now exported. */
export async function startTracing({ endpoint, exportDelayMs = 5000, serviceName = "sellscribe" }: TracingOptions): Promise<boolean> {
  if (!endpoint || shutdown) return Boolean(shutdown);
  const [{ BatchSpanProcessor, TracerProvider }, { OTLPTraceExporter }, { AsyncLocalStorageContextManager }, { defaultResource, resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/resources"),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` });
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ "service.name": serviceName, "service.instance.id": `${hostname()}:${process.pid}` })),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: exportDelayMs })],
  });
  // Spans find their parent through AsyncLocalStorage, across awaits.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  shutdown = async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  };
  logger.info({ endpoint }, "tracing: spans are exported over OTLP/HTTP");
  return true;
}

/** Exports the spans still buffered, then stops (the launcher's shutdown). */
export async function stopTracing(): Promise<void> {
  const stop = shutdown;
  shutdown = undefined;
  await stop?.().catch((error: unknown) => logger.warn({ err: error }, "tracing: the last spans could not be exported"));
}

/**
 * Runs `work` inside a span (the active one while it runs): an exception marks it failed and is rethrown.
 * With tracing off the span is the API's no-op.
 */
export function withSpan<T>(name: string, options: { kind?: SpanKind; attributes?: Attributes }, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed with the error's name and message (never its data). */
export function failSpan(span: Span, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: message.slice(0, 300) });
  if (error instanceof Error) span.recordException({ name: error.name, message: error.message.slice(0, 300) });
}
