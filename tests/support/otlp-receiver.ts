// A local OpenTelemetry collector's trace endpoint: POST /v1/traces with OTLP/HTTP JSON (what
// @opentelemetry/exporter-trace-otlp-http sends; gzip too), answered as a collector does. Spans are
// kept flattened for tests to read. Protobuf bodies get 415: the app never sends them.
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { z } from "zod";

const anyValue: z.ZodType<OtlpValue> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.number().optional(),
    arrayValue: z.object({ values: z.array(anyValue).optional() }).optional(),
  }),
);
type OtlpValue = { stringValue?: string; boolValue?: boolean; intValue?: string | number; doubleValue?: number; arrayValue?: { values?: OtlpValue[] } };

const keyValues = z.array(z.object({ key: z.string(), value: anyValue })).optional();

const exportRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: keyValues }).optional(),
      scopeSpans: z.array(
        z.object({
          scope: z.object({ name: z.string() }).optional(),
          spans: z.array(
            z.object({
              traceId: z.string().regex(/^[0-9a-f]{32}$/),
              spanId: z.string().regex(/^[0-9a-f]{16}$/),
              parentSpanId: z.string().optional(),
              name: z.string(),
              kind: z.number().int(),
              startTimeUnixNano: z.union([z.string(), z.number()]),
              endTimeUnixNano: z.union([z.string(), z.number()]),
              attributes: keyValues,
              status: z.object({ code: z.number().int().optional(), message: z.string().optional() }).optional(),
            }),
          ),
        }),
      ),
    }),
  ),
});

export type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Undefined for a trace's root span. */
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  /** 2 is an error. */
  statusCode: number;
  resource: Record<string, AttributeValue>;
  scope: string;
  durationMs: number;
}

export interface OtlpReceiver {
  /** The base URL to set as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** Every request, with its content type (to see what the exporter sent). */
  requests: { path: string; contentType: string }[];
  close(): Promise<void>;
}

function valueOf(value: OtlpValue): AttributeValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const attributesOf = (list: z.infer<typeof keyValues>) => Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver["requests"] = [];
  const server = createServer(async (req, res) => {
    const contentType = String(req.headers["content-type"] ?? "");
    requests.push({ path: req.url ?? "", contentType });
    const answer = (status: number, body: object) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (req.method !== "POST" || req.url !== "/v1/traces") return answer(404, { code: 5, message: "not found" });
    if (!/^application\/json\b/.test(contentType)) return answer(415, { code: 3, message: "only OTLP/JSON here" });
    try {
      const parsed = exportRequest.safeParse(JSON.parse((await readBody(req)).toString("utf8")));
      if (!parsed.success) return answer(400, { code: 3, message: parsed.error.message });
      for (const resourceSpans of parsed.data.resourceSpans) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans) {
          for (const span of scopeSpans.spans) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              statusCode: span.status?.code ?? 0,
              resource,
              scope: scopeSpans.scope?.name ?? "",
              durationMs: Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6,
            });
          }
        }
      }
      // An ExportTraceServiceResponse with nothing rejected.
      answer(200, {});
    } catch (error) {
      answer(400, { code: 3, message: (error as Error).message });
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
