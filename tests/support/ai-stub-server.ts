/**
 * AI provider stand-in for tests, the bench and local development: one HTTP server speaking
 *   - the OpenAI Chat Completions API: POST /v1/chat/completions (streaming SSE `chat.completion.chunk`
 *     lines ending with `data: [DONE]`, or one JSON answer when `stream` is false; structured output when the
 *     request carries `response_format: {type: "json_schema"}`), and
 *   - the Anthropic Messages API: POST /v1/messages (streaming `message_start`, `content_block_start`,
 *     `content_block_delta`, `content_block_stop`, `message_delta`, `message_stop`, or one JSON answer;
 *     structured output through `output_config.format` or a forced `json` tool), and
 *   - the models lists: GET /v1/models in OpenAI's shape (`{object: "list", data: [{id, object: "model"}]}`), or
 *     in Anthropic's (`{data: [{type: "model", id, display_name}], has_more, first_id, last_id}`) when the request
 *     carries an `anthropic-version` header. `setModels(...)` / `POST /__stub/models` change the list or make it fail.
 *
 * Point the app at it:  AI_PROVIDER=openai-compatible AI_BASE_URL=http://127.0.0.1:$PORT/v1
 *                  or:  AI_PROVIDER=anthropic AI_BASE_URL=http://127.0.0.1:$PORT/v1 AI_API_KEY=anything
 *                  or:  AI_PROVIDER=openai AI_BASE_URL=http://127.0.0.1:$PORT/v1 AI_API_KEY=anything
 *
 * By default every request gets a sensible answer built from its prompt: "exactly N" items (numbered in
 * text mode, an `elements` array in structured mode), one token (a word) every `tokenDelayMs`.
 * Tests script the next answers with `enqueue(...)` (in-process) or `POST /__stub/replies` (JSON body:
 * one reply or an array); a reply with `when` waits for a request whose prompt contains that text. A reply can: give the text or elements, fail with a status (429 N times then
 * succeed = N failing replies then a normal one), hang without answering, cut the connection after some
 * tokens, change the token delay or the finish reason. See `StubReply`.
 *
 * Control API:  GET /healthz · GET /__stub/requests (what arrived, with timings) · POST /__stub/replies ·
 *               POST /__stub/models ({models?: string[], status?: number, hang?: boolean}) ·
 *               DELETE /__stub (forget replies and requests, restore the models list)
 *
 * Run it:  AI_STUB_PORT=9500 AI_STUB_TOKEN_DELAY_MS=20 node --disable-warning=ExperimentalWarning tests/support/ai-stub-server.ts
 * Or in-process: startAiStub({ port: 0 }) (0 = any free port).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { closeOnSignal, isMainModule, portFromEnv } from "./standalone.ts";

const HOST = "127.0.0.1";

export interface StubReply {
  /** Only for a request whose prompt (system or user) contains this text; the first reply that fits is used. */
  when?: string;
  /** The whole answer in text mode (default: N numbered items built from the prompt). */
  text?: string;
  /** The strings of a structured-output answer (default: N items built from the prompt). */
  elements?: string[];
  /** Answer this HTTP status with the provider's error body, before any token. */
  status?: number;
  /** Retry-After header (seconds) with `status`. */
  retryAfter?: number;
  /** Accept the request and never answer (until the client goes away). */
  hang?: boolean;
  /** Send this many tokens, then destroy the connection. */
  cutAfterTokens?: number;
  /** Milliseconds between two tokens (default: the server's). */
  tokenDelayMs?: number;
  /** "stop" (default) or "length" (the token budget ran out). */
  finishReason?: "stop" | "length";
}

export interface StubRequest {
  id: number;
  api: "openai" | "anthropic";
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  stream: boolean;
  structured: boolean;
  /** performance.now() of this process. */
  receivedAt: number;
  /** When the first token was written (performance.now()). */
  firstTokenAt?: number;
  /** When the first token with a letter in it was written (performance.now()). */
  firstWordAt?: number;
  finishedAt?: number;
  tokensSent: number;
  /** The client closed the connection before the answer was complete (a cancel reached us). */
  closedByClient: boolean;
  status: number;
}

/** The models list the stub answers (GET /v1/models): its ids, or a failure. */
export interface StubModels {
  models?: string[];
  /** Answer this HTTP status with the provider's error body instead of the list. */
  status?: number;
  /** Accept the request and never answer. */
  hang?: boolean;
}

/** What GET /v1/models lists by default: the openai-compatible default model first, then two more. */
export const stubModelIds = ["llama3.2", "stub-large", "stub-small"];

export interface AiStub {
  port: number;
  url: string;
  /** The base URL to give the app: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: StubRequest[];
  /** The models-list requests that arrived (headers included, to check the protocol). */
  modelListRequests: { api: "openai" | "anthropic"; path: string; query: string; headers: Record<string, string | string[] | undefined> }[];
  enqueue(...replies: StubReply[]): void;
  /** Changes the models list (or makes it fail) until reset(). */
  setModels(models: StubModels): void;
  reset(): void;
  setTokenDelay(ms: number): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Splits an answer into word-sized tokens ("Elevate ", "your ", "kitchen\n\n"). */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

function promptText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : [];
  const parts: string[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    if (typeof message.content === "string") parts.push(message.content);
    else if (Array.isArray(message.content)) for (const part of message.content as { text?: string }[]) if (part.text) parts.push(part.text);
  }
  return parts.join("\n");
}

/** The system prompt: OpenAI's system message, or Anthropic's `system` field. */
function systemText(body: Record<string, unknown>): string {
  if (typeof body.system === "string") return body.system;
  if (Array.isArray(body.system)) return (body.system as { text?: string }[]).map((part) => part.text ?? "").join("\n");
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : [];
  return messages
    .filter((message) => message.role === "system")
    .map((message) => (typeof message.content === "string" ? message.content : ""))
    .join("\n");
}

const itemTemplates = [
  (name: string) => `Meet the ${name}, made for people who want dependable quality every day. It feels solid in the hand, cleans up in seconds and looks good on any counter.`,
  (name: string) => `The ${name} brings practical design and lasting materials together. Thoughtful details make daily use easier, and it is built to keep up for years.`,
  (name: string) => `Upgrade your routine with the ${name}. It is simple to use, easy to care for and sized just right, so it quickly becomes the one you reach for first.`,
  (name: string) => `Designed with care, the ${name} combines a clean look with everyday toughness. It handles busy days without fuss and stays good-looking wash after wash.`,
  (name: string) => `Whether it is for you or a gift, the ${name} delivers. Sturdy construction, a comfortable feel and easy cleaning make it a smart choice.`,
];

/** The default answer: "exactly N" items about the product named in the prompt. */
export function defaultItems(body: Record<string, unknown>): { count: number; items: string[]; keywords: boolean } {
  const prompt = promptText(body);
  const count = Math.min(Math.max(Number(/exactly (\d+)/i.exec(prompt)?.[1] ?? 1), 1), 50);
  const name = /Product name: (.+)/.exec(prompt)?.[1]?.trim() || "product";
  const keywords = /keyword phrase/i.test(prompt);
  if (keywords) {
    const words = name.toLowerCase().split(/\s+/);
    const items = Array.from({ length: count }, (_, i) => [`${words.join(" ")}`, `best ${words.at(-1)} for home`, `${words.at(-1)} gift set`, `durable ${words.join(" ")}`, `${words.join(" ")} for kitchen`][i % 5] + (i >= 5 ? ` ${i}` : ""));
    return { count, items, keywords };
  }
  return { count, items: Array.from({ length: count }, (_, i) => itemTemplates[i % itemTemplates.length]!(name)), keywords };
}

function isStructured(api: "openai" | "anthropic", body: Record<string, unknown>): boolean {
  if (api === "openai") {
    const format = body.response_format as { type?: string } | undefined;
    return format?.type === "json_schema" || format?.type === "json_object";
  }
  const outputConfig = body.output_config as { format?: unknown } | undefined;
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
  return Boolean(outputConfig?.format) || tools.some((tool) => tool.name === "json");
}

function usesJsonTool(body: Record<string, unknown>): boolean {
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
  return tools.some((tool) => tool.name === "json");
}

function errorBody(api: "openai" | "anthropic", status: number): unknown {
  const type =
    status === 401 ? "authentication_error" : status === 403 ? "permission_error" : status === 429 ? "rate_limit_error" : status === 529 ? "overloaded_error" : status >= 500 ? "api_error" : "invalid_request_error";
  const message = `stub provider error ${status}`;
  return api === "openai" ? { error: { message, type, param: null, code: type } } : { type: "error", error: { type, message } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startAiStub({ port = 0, tokenDelayMs = 20, apiKey }: { port?: number; tokenDelayMs?: number; apiKey?: string } = {}): Promise<AiStub> {
  const queue: StubReply[] = [];
  const requests: StubRequest[] = [];
  const modelListRequests: AiStub["modelListRequests"] = [];
  let modelList: StubModels = { models: stubModelIds };
  let delay = tokenDelayMs;
  let nextId = 1;

  async function answer(api: "openai" | "anthropic", req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify(errorBody(api, 400)));
      return;
    }
    const record: StubRequest = {
      id: nextId++,
      api,
      path,
      body,
      headers: req.headers,
      stream: body.stream === true,
      structured: isStructured(api, body),
      receivedAt: performance.now(),
      tokensSent: 0,
      closedByClient: false,
      status: 200,
    };
    requests.push(record);
    let finished = false;
    res.on("close", () => {
      if (!finished) record.closedByClient = true;
    });
    const asked = `${systemText(body)}\n${promptText(body)}`;
    const fits = queue.findIndex((candidate) => candidate.when === undefined || asked.includes(candidate.when));
    const reply = fits === -1 ? {} : queue.splice(fits, 1)[0]!;

    const key = api === "openai" ? /^Bearer (.*)$/.exec(req.headers.authorization ?? "")?.[1] : (req.headers["x-api-key"] as string | undefined);
    const status = apiKey !== undefined && key !== apiKey ? 401 : (reply.status ?? 200);
    if (status !== 200) {
      record.status = status;
      finished = true;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (reply.retryAfter !== undefined) headers["retry-after"] = String(reply.retryAfter);
      res.writeHead(status, headers).end(JSON.stringify(errorBody(api, status)));
      return;
    }
    if (reply.hang) return; // never answers; "close" marks the request when the client gives up

    const model = typeof body.model === "string" ? body.model : "stub-model";
    const defaults = defaultItems(body);
    const structured = record.structured;
    const text = structured
      ? JSON.stringify({ elements: reply.elements ?? defaults.items })
      : (reply.text ?? (defaults.keywords ? defaults.items.join("\n") : defaults.count === 1 ? defaults.items[0]! : defaults.items.map((item, i) => `${i + 1}. ${item}`).join("\n\n")));
    const tokens = tokenize(text);
    const finishReason = reply.finishReason ?? "stop";
    const tokenDelay = reply.tokenDelayMs ?? delay;
    const inputTokens = Math.ceil(promptText(body).length / 4);
    const jsonTool = api === "anthropic" && structured && usesJsonTool(body);

    if (!record.stream) {
      finished = true;
      record.tokensSent = tokens.length;
      record.finishedAt = performance.now();
      res.writeHead(200, { "content-type": "application/json" });
      if (api === "openai") {
        res.end(
          JSON.stringify({
            id: `chatcmpl-${record.id}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: finishReason }],
            usage: { prompt_tokens: inputTokens, completion_tokens: tokens.length, total_tokens: inputTokens + tokens.length },
          }),
        );
      } else {
        res.end(
          JSON.stringify({
            id: `msg_${record.id}`,
            type: "message",
            role: "assistant",
            model,
            content: jsonTool ? [{ type: "tool_use", id: `toolu_${record.id}`, name: "json", input: JSON.parse(text) as unknown }] : [{ type: "text", text }],
            stop_reason: jsonTool ? "tool_use" : finishReason === "length" ? "max_tokens" : "end_turn",
            stop_sequence: null,
            usage: { input_tokens: inputTokens, output_tokens: tokens.length },
          }),
        );
      }
      return;
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.flushHeaders();
    const send = (event: string | undefined, data: unknown) => {
      if (res.destroyed) return;
      res.write(`${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    };
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id: `chatcmpl-${record.id}`,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });

    if (api === "openai") send(undefined, chunk({ role: "assistant", content: "" }, null));
    else {
      send("message_start", {
        type: "message_start",
        message: { id: `msg_${record.id}`, type: "message", role: "assistant", content: [], model, stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } },
      });
      send(
        "content_block_start",
        jsonTool
          ? { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: `toolu_${record.id}`, name: "json", input: {} } }
          : { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      );
      send("ping", { type: "ping" });
    }

    for (const [i, token] of tokens.entries()) {
      if (tokenDelay > 0) await sleep(tokenDelay);
      if (res.destroyed || record.closedByClient) return;
      if (reply.cutAfterTokens !== undefined && i >= reply.cutAfterTokens) {
        finished = true;
        res.destroy();
        return;
      }
      const now = performance.now();
      record.firstTokenAt ??= now;
      if (/\p{L}/u.test(token)) record.firstWordAt ??= now;
      record.tokensSent++;
      if (api === "openai") send(undefined, chunk({ content: token }, null));
      else
        send("content_block_delta", {
          type: "content_block_delta",
          index: 0,
          delta: jsonTool ? { type: "input_json_delta", partial_json: token } : { type: "text_delta", text: token },
        });
    }
    if (reply.cutAfterTokens !== undefined) {
      finished = true;
      res.destroy();
      return;
    }
    if (api === "openai") {
      send(undefined, chunk({}, finishReason));
      send(undefined, { id: `chatcmpl-${record.id}`, object: "chat.completion.chunk", created, model, choices: [], usage: { prompt_tokens: inputTokens, completion_tokens: tokens.length, total_tokens: inputTokens + tokens.length } });
      send(undefined, "[DONE]");
    } else {
      send("content_block_stop", { type: "content_block_stop", index: 0 });
      send("message_delta", {
        type: "message_delta",
        delta: { stop_reason: jsonTool ? "tool_use" : finishReason === "length" ? "max_tokens" : "end_turn", stop_sequence: null },
        usage: { output_tokens: tokens.length },
      });
      send("message_stop", { type: "message_stop" });
    }
    finished = true;
    record.finishedAt = performance.now();
    res.end();
  }

  /** GET /v1/models, in the shape of the API the request speaks. */
  function listModels(req: IncomingMessage, res: ServerResponse, path: string, query: string): void {
    const api = req.headers["anthropic-version"] ? "anthropic" : "openai";
    modelListRequests.push({ api, path, query, headers: req.headers });
    const key = api === "openai" ? /^Bearer (.*)$/.exec(req.headers.authorization ?? "")?.[1] : (req.headers["x-api-key"] as string | undefined);
    const status = apiKey !== undefined && key !== apiKey ? 401 : (modelList.status ?? 200);
    if (modelList.hang && status === 200) return;
    res.writeHead(status, { "content-type": "application/json" });
    if (status !== 200) return void res.end(JSON.stringify(errorBody(api, status)));
    const ids = modelList.models ?? [];
    const created = Math.floor(Date.now() / 1000);
    if (api === "openai") return void res.end(JSON.stringify({ object: "list", data: ids.map((id) => ({ id, object: "model", created, owned_by: "stub" })) }));
    const data = ids.map((id) => ({ type: "model", id, display_name: id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()), created_at: new Date(created * 1000).toISOString() }));
    res.end(JSON.stringify({ data, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null }));
  }

  const server = createServer((req, res) => {
    const { pathname: path, search } = new URL(req.url ?? "/", `http://${HOST}`);
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
    const handle = async () => {
      if (path === "/healthz") return json(200, { status: "ok" });
      if (req.method === "POST" && /\/chat\/completions$/.test(path)) return answer("openai", req, res, path);
      if (req.method === "POST" && /\/messages$/.test(path)) return answer("anthropic", req, res, path);
      if (req.method === "GET" && /\/models$/.test(path)) return listModels(req, res, path, search);
      if (path === "/__stub/models" && req.method === "POST") {
        modelList = JSON.parse((await readBody(req)) || "{}") as StubModels;
        return json(200, { status: "set" });
      }
      if (path === "/__stub/requests" && req.method === "GET") return json(200, requests);
      if (path === "/__stub/replies" && req.method === "POST") {
        const parsed = JSON.parse((await readBody(req)) || "[]") as StubReply | StubReply[];
        queue.push(...(Array.isArray(parsed) ? parsed : [parsed]));
        return json(200, { queued: queue.length });
      }
      if (path === "/__stub" && req.method === "DELETE") {
        queue.length = 0;
        requests.length = 0;
        modelListRequests.length = 0;
        modelList = { models: stubModelIds };
        return json(200, { status: "reset" });
      }
      return json(404, { error: { message: `stub: no route for ${req.method} ${path}` } });
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) json(500, { error: { message: String(error) } });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    port: actualPort,
    url: `http://${HOST}:${actualPort}`,
    baseUrl: `http://${HOST}:${actualPort}/v1`,
    requests,
    modelListRequests,
    enqueue: (...replies) => queue.push(...replies),
    setModels(models) {
      modelList = models;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      modelListRequests.length = 0;
      modelList = { models: stubModelIds };
    },
    setTokenDelay(ms) {
      delay = ms;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** A key-shaped fake for tests: never valid anywhere. */
export function fakeApiKey(): string {
  return `sk-test-${randomBytes(12).toString("hex")}`;
}

if (isMainModule(import.meta.url)) {
  const stub = await startAiStub({
    port: portFromEnv("AI_STUB_PORT", 9500),
    tokenDelayMs: Number(process.env.AI_STUB_TOKEN_DELAY_MS ?? 20),
    apiKey: process.env.AI_STUB_API_KEY || undefined,
  });
  console.log(`AI provider stub at ${stub.baseUrl} (OpenAI chat completions, Anthropic messages, models lists)`);
  closeOnSignal("ai-stub", () => stub.close());
}
