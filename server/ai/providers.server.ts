// THE provider table: one row per AI provider. Config validation, the writer and the workspace model
// picker all read it; a new provider is a new row (the compiler names every place that must know it).
// The AI SDK's provider packages are imported when a model is first created, not with this table: a
// server loads only the one it talks to, and only once it writes (docs/decisions/021).
import type { LanguageModel } from "ai";
import type { AiConfig } from "#server/config.server.ts";

/** The AI providers we can talk to; "offline" is the built-in writer that needs no provider. */
export const aiProviderNames = ["openai", "openai-compatible", "anthropic", "offline"] as const;
export type AiProviderName = (typeof aiProviderNames)[number];

/** One model a provider offers. */
export interface ProviderModel {
  id: string;
  /** A human name when the provider gives one (Anthropic does), else the id. */
  label: string;
}

/** What a provider call needs from the configuration (the key is read here, in server/ai only). */
export type ProviderAccess = Pick<AiConfig, "baseUrl" | "apiKey" | "organization">;

export interface ProviderRow {
  /** The model used when AI_MODEL is not set: small, fast, cheap, non-reasoning, good at short copy. */
  defaultModel: string;
  needsKey: boolean;
  /** Required AI_BASE_URL, with an example for the start-up message. */
  needsBaseUrl: false | { example: string };
  /** A key starting with this names the provider when AI_PROVIDER is not set (the longest match wins). */
  keyPrefix?: string;
  /** Honours a JSON schema for "exactly N" outputs; otherwise the text rule splits the answer. */
  structuredOutput: boolean;
  /** The AI SDK model (its package loaded on first use); null for the offline writer, which calls no provider. */
  createModel: ((access: ProviderAccess, model: string) => Promise<LanguageModel>) | null;
  /** The provider's models list (one HTTP GET); throws when it cannot be read. */
  listModels(access: ProviderAccess, signal: AbortSignal): Promise<ProviderModel[]>;
  /**
   * The languages it can be asked to write (codes: "de"), when it cannot write every language; absent:
   * every language (all of today's providers). A request for a store in another language is refused.
   */
  languages?: readonly string[];
}

const openAiBaseUrl = "https://api.openai.com/v1";
const anthropicBaseUrl = "https://api.anthropic.com/v1";

/** GET a JSON document; a non-2xx answer or a body that is not JSON throws. */
async function getJson(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers }, signal });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * Whether a listed model can write copy. OpenAI's list (and Ollama's, vLLM's…) also holds embedding,
 * speech, transcription, image, moderation and realtime models: picked for a workspace, every
 * generation would fail. Legacy completion-only models go too.
 */
export function isWritingModel(id: string): boolean {
  return !/embed|whisper|tts|dall-e|moderation|transcri|gpt-image|realtime|^(babbage|davinci)-002$/i.test(id);
}

/** OpenAI's `GET /models` ({object: "list", data: [{id, object: "model", …}]}), which OpenAI-compatible servers also speak. */
async function listOpenAiModels(baseUrl: string, access: ProviderAccess, signal: AbortSignal): Promise<ProviderModel[]> {
  const headers: Record<string, string> = {};
  if (access.apiKey) headers.authorization = `Bearer ${access.apiKey}`;
  if (access.organization) headers["openai-organization"] = access.organization;
  const body = (await getJson(`${baseUrl}/models`, headers, signal)) as { data?: { id?: unknown }[] };
  if (!Array.isArray(body.data)) throw new Error("the models list has no data array");
  return body.data.flatMap((model) => (typeof model.id === "string" && model.id !== "" && isWritingModel(model.id) ? [{ id: model.id, label: model.id }] : []));
}

/** Anthropic's `GET /v1/models` ({data: [{type: "model", id, display_name}], has_more, last_id}), page by page. */
async function listAnthropicModels(access: ProviderAccess, signal: AbortSignal): Promise<ProviderModel[]> {
  const headers = { "x-api-key": access.apiKey ?? "", "anthropic-version": "2023-06-01" };
  const models: ProviderModel[] = [];
  let after: string | undefined;
  // A few pages at most: Anthropic offers tens of models, and a page holds up to 1000.
  for (let page = 0; page < 5; page++) {
    const query = new URLSearchParams({ limit: "1000", ...(after ? { after_id: after } : {}) });
    const body = (await getJson(`${access.baseUrl ?? anthropicBaseUrl}/models?${query}`, headers, signal)) as {
      data?: { id?: unknown; display_name?: unknown }[];
      has_more?: boolean;
      last_id?: string | null;
    };
    if (!Array.isArray(body.data)) throw new Error("the models list has no data array");
    for (const model of body.data) {
      if (typeof model.id === "string" && model.id !== "") models.push({ id: model.id, label: typeof model.display_name === "string" && model.display_name ? model.display_name : model.id });
    }
    if (!body.has_more || !body.last_id) break;
    after = body.last_id;
  }
  return models;
}

export const offlineModel = "offline-writer";

export const providerTable = {
  openai: {
    defaultModel: "gpt-4.1-mini",
    needsKey: true,
    needsBaseUrl: false,
    keyPrefix: "sk-",
    structuredOutput: true,
    // Chat Completions: the API every OpenAI-compatible gateway also speaks.
    createModel: async (access, model) => {
      const { createOpenAI } = await import("@ai-sdk/openai");
      return createOpenAI({ apiKey: access.apiKey, baseURL: access.baseUrl, organization: access.organization }).chat(model);
    },
    listModels: (access, signal) => listOpenAiModels(access.baseUrl ?? openAiBaseUrl, access, signal),
  },
  "openai-compatible": {
    defaultModel: "llama3.2",
    needsKey: false,
    needsBaseUrl: { example: "http://127.0.0.1:11434/v1 for Ollama" },
    // Such servers often ignore a JSON schema, so they get the text rule.
    structuredOutput: false,
    createModel: async (access, model) => {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: access.baseUrl!,
        apiKey: access.apiKey,
        includeUsage: true,
        headers: access.organization ? { "OpenAI-Organization": access.organization } : undefined,
      }).chatModel(model);
    },
    listModels: (access, signal) => listOpenAiModels(access.baseUrl!, access, signal),
  },
  anthropic: {
    defaultModel: "claude-haiku-4-5",
    needsKey: true,
    needsBaseUrl: false,
    keyPrefix: "sk-ant-",
    structuredOutput: true,
    createModel: async (access, model) => {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ apiKey: access.apiKey, baseURL: access.baseUrl }).messages(model);
    },
    listModels: listAnthropicModels,
  },
  offline: {
    defaultModel: offlineModel,
    needsKey: false,
    needsBaseUrl: false,
    structuredOutput: false,
    createModel: null,
    listModels: async () => [{ id: offlineModel, label: offlineModel }],
  },
} as const satisfies Record<AiProviderName, ProviderRow>;

/** The row of a provider. */
export function getProvider(name: AiProviderName): ProviderRow {
  return providerTable[name];
}

/**
 * Which provider answers when AI_PROVIDER is not set: a base URL means an OpenAI-compatible server;
 * a key names its provider by its prefix (the longest match; OpenAI when none matches); nothing set,
 * the offline writer.
 */
export function guessProvider({ baseUrl, apiKey }: { baseUrl?: string; apiKey?: string }): AiProviderName {
  if (baseUrl) return "openai-compatible";
  if (!apiKey) return "offline";
  let best: { name: AiProviderName; length: number } | undefined;
  for (const name of aiProviderNames) {
    const prefix: string | undefined = (providerTable[name] as ProviderRow).keyPrefix;
    if (prefix && apiKey.startsWith(prefix) && prefix.length > (best?.length ?? -1)) best = { name, length: prefix.length };
  }
  return best?.name ?? "openai";
}

/** The start-up problem with a provider's settings, as [variable, message], or null when usable. */
export function checkProviderSettings(name: AiProviderName, { baseUrl, apiKey }: { baseUrl?: string; apiKey?: string }): [string, string] | null {
  const row = getProvider(name);
  if (row.needsBaseUrl && !baseUrl) return ["AI_BASE_URL", `required when AI_PROVIDER is ${name} (e.g. ${row.needsBaseUrl.example})`];
  if (row.needsKey && !apiKey) return ["AI_API_KEY", `required when AI_PROVIDER is ${name}`];
  return null;
}

/** Whether a provider can be asked to write `language` (its row lists the languages it writes, or none). */
export function providerWrites(row: Pick<ProviderRow, "languages">, language: string): boolean {
  return !row.languages || row.languages.includes(language);
}
