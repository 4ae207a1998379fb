import { describe, expect, it } from "vitest";
import { apiErrorBody } from "#app/lib/errors.ts";
import { aiProviderNames, checkProviderSettings, getProvider, guessProvider, isWritingModel, offlineModel, providerTable, providerWrites } from "./providers.server.ts";

describe("the provider table", () => {
  it("has one row per provider, each with a default model", () => {
    expect(Object.keys(providerTable).sort()).toEqual([...aiProviderNames].sort());
    expect(Object.fromEntries(aiProviderNames.map((name) => [name, getProvider(name).defaultModel]))).toEqual({
      openai: "gpt-4.1-mini",
      "openai-compatible": "llama3.2",
      anthropic: "claude-haiku-4-5",
      offline: offlineModel,
    });
  });

  it("says which providers need a key, a base URL, and honour a JSON schema", () => {
    expect(aiProviderNames.filter((name) => getProvider(name).needsKey)).toEqual(["openai", "anthropic"]);
    expect(aiProviderNames.filter((name) => getProvider(name).needsBaseUrl)).toEqual(["openai-compatible"]);
    expect(aiProviderNames.filter((name) => getProvider(name).structuredOutput)).toEqual(["openai", "anthropic"]);
    // Only the offline writer calls no provider.
    expect(aiProviderNames.filter((name) => getProvider(name).createModel === null)).toEqual(["offline"]);
  });

  it("creates an AI SDK model of the asked id for each real provider (its package loaded on first use)", async () => {
    const access = { baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk-test-1" };
    expect(await getProvider("openai").createModel!(access, "gpt-4o-mini")).toMatchObject({ modelId: "gpt-4o-mini", provider: "openai.chat" });
    expect(await getProvider("anthropic").createModel!(access, "claude-x")).toMatchObject({ modelId: "claude-x", provider: "anthropic.messages" });
    expect(await getProvider("openai-compatible").createModel!(access, "llama3.2")).toMatchObject({ modelId: "llama3.2" });
  });

  it("lists the offline writer's one built-in model without any network", async () => {
    expect(await getProvider("offline").listModels({}, AbortSignal.timeout(10))).toEqual([{ id: offlineModel, label: offlineModel }]);
  });
});

describe("isWritingModel", () => {
  it("offers chat and reasoning models", () => {
    for (const id of ["gpt-4o", "gpt-4o-mini", "gpt-4.1-nano", "o3-mini", "gpt-4o-search-preview", "llama3.2", "qwen2.5:7b", "mistral-small-latest", "meta-llama/Llama-3.1-8B-Instruct"]) expect(isWritingModel(id), id).toBe(true);
  });

  it("leaves out embedding, speech, transcription, image, moderation, realtime and legacy completion models", () => {
    for (const id of ["text-embedding-3-small", "nomic-embed-text", "mxbai-embed-large:latest", "whisper-1", "tts-1-hd", "gpt-4o-mini-tts", "gpt-4o-transcribe", "dall-e-3", "gpt-image-1", "omni-moderation-latest", "gpt-4o-realtime-preview", "davinci-002", "babbage-002"]) {
      expect(isWritingModel(id), id).toBe(false);
    }
  });
});

describe("guessProvider", () => {
  it("reads the key's prefix: the longest matching prefix wins, any other key is OpenAI's", () => {
    expect(guessProvider({ apiKey: "sk-ant-api03-abc" })).toBe("anthropic");
    expect(guessProvider({ apiKey: "sk-proj-abc" })).toBe("openai");
    expect(guessProvider({ apiKey: "some-gateway-key" })).toBe("openai");
  });

  it("takes a base URL for an OpenAI-compatible server, and nothing set for the offline writer", () => {
    expect(guessProvider({ baseUrl: "http://127.0.0.1:11434/v1" })).toBe("openai-compatible");
    expect(guessProvider({ baseUrl: "http://127.0.0.1:11434/v1", apiKey: "sk-ant-x" })).toBe("openai-compatible");
    expect(guessProvider({})).toBe("offline");
  });
});

describe("checkProviderSettings", () => {
  it("names the missing variable with what the provider needs", () => {
    expect(checkProviderSettings("openai-compatible", {})).toEqual(["AI_BASE_URL", "required when AI_PROVIDER is openai-compatible (e.g. http://127.0.0.1:11434/v1 for Ollama)"]);
    expect(checkProviderSettings("openai", {})).toEqual(["AI_API_KEY", "required when AI_PROVIDER is openai"]);
    expect(checkProviderSettings("anthropic", { baseUrl: "http://x" })).toEqual(["AI_API_KEY", "required when AI_PROVIDER is anthropic"]);
  });

  it("accepts complete settings", () => {
    expect(checkProviderSettings("openai", { apiKey: "k" })).toBeNull();
    expect(checkProviderSettings("openai-compatible", { baseUrl: "http://x" })).toBeNull();
    expect(checkProviderSettings("offline", {})).toBeNull();
  });
});

describe("providerWrites", () => {
  it("refuses a language a provider's row does not list, and the message names provider, language and store", () => {
    expect(providerWrites({}, "ja")).toBe(true);
    expect(providerWrites({ languages: ["en", "de"] }, "de")).toBe(true);
    expect(providerWrites({ languages: ["en", "de"] }, "ja")).toBe(false);
    const body = apiErrorBody("LANGUAGE_NOT_SUPPORTED", { locale: "en", requestId: "r1", params: { provider: "openai-compatible", language: "Japanese", store: "amazon.co.jp" } });
    expect(body).toMatchObject({ code: "LANGUAGE_NOT_SUPPORTED", error: "The AI provider this server uses (openai-compatible) cannot be asked to write Japanese, the language of amazon.co.jp. Choose another store, or ask the operator for a provider that writes Japanese." });
  });
});
