// The workspace's AI model: the provider's models list read over real HTTP from the AI stub (OpenAI's and
// Anthropic's protocols), its failures, the owner's pick saved on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL, and a generation that writes with and records the picked model.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GenerationEvent } from "#app/features/generate/generation-events.ts";
import { runGeneration } from "#app/features/generate/generation.server.ts";
import { getWorkspaceModel, listProviderModels, setWorkspaceModel } from "#app/features/workspace/ai-model.server.ts";
import { getTemplateById } from "#app/templates/registry.ts";
import { buildConfig, type AiConfig } from "#server/config.server.ts";
import { startAiStub, stubModelIds, type AiStub } from "#tests/support/ai-stub-server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

let stub: AiStub;
beforeAll(async () => {
  stub = await startAiStub({ tokenDelayMs: 0, apiKey: "sk-test-models" });
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

/** A fresh configuration each time: the models list is cached per configuration. */
function aiConfig(provider: "openai" | "openai-compatible" | "anthropic" | "offline", env: NodeJS.ProcessEnv = {}): AiConfig {
  return buildConfig({
    NODE_ENV: "test",
    DATA_DIR: process.env.TMPDIR ?? "/tmp",
    AI_PROVIDER: provider,
    AI_BASE_URL: provider === "offline" ? undefined : stub.baseUrl,
    AI_API_KEY: provider === "offline" ? undefined : "sk-test-models",
    AI_ORGANIZATION: provider === "openai" ? "org-models" : undefined,
    AI_OFFLINE_WORD_DELAY_MS: "0",
    ...env,
  }).ai;
}

describe("listProviderModels", () => {
  it("reads an OpenAI-compatible server's GET /v1/models with the bearer key", async () => {
    const list = await listProviderModels({ ai: aiConfig("openai-compatible") });
    expect(list).toEqual({ ok: true, models: [...stubModelIds].sort().map((id) => ({ id, label: id })) });
    expect(stub.modelListRequests).toHaveLength(1);
    expect(stub.modelListRequests[0]).toMatchObject({ api: "openai", path: "/v1/models" });
    expect(stub.modelListRequests[0]!.headers.authorization).toBe("Bearer sk-test-models");
  });

  it("sends OpenAI's organization header", async () => {
    const list = await listProviderModels({ ai: aiConfig("openai") });
    expect(list.ok && list.models.map((m) => m.id)).toEqual([...stubModelIds].sort());
    expect(stub.modelListRequests[0]!.headers["openai-organization"]).toBe("org-models");
  });

  it("reads Anthropic's models list with x-api-key and anthropic-version, and keeps its display names", async () => {
    stub.setModels({ models: ["claude-haiku-4-5", "claude-sonnet-4-5"] });
    const list = await listProviderModels({ ai: aiConfig("anthropic") });
    expect(list).toEqual({
      ok: true,
      models: [
        { id: "claude-haiku-4-5", label: "Claude Haiku 4 5" },
        { id: "claude-sonnet-4-5", label: "Claude Sonnet 4 5" },
      ],
    });
    const [request] = stub.modelListRequests;
    expect(request).toMatchObject({ api: "anthropic", path: "/v1/models" });
    expect(request!.headers["x-api-key"]).toBe("sk-test-models");
    expect(request!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(request!.headers.authorization).toBeUndefined();
  });

  it("lists the offline writer's one model without asking anyone", async () => {
    expect(await listProviderModels({ ai: aiConfig("offline") })).toEqual({ ok: true, models: [{ id: "offline-writer", label: "offline-writer" }] });
    expect(stub.modelListRequests).toHaveLength(0);
  });

  it("keeps a list for a few minutes: a second page load asks the provider nothing", async () => {
    const ai = aiConfig("openai-compatible");
    const now = Date.now();
    await listProviderModels({ ai, now });
    stub.setModels({ models: ["changed"] });
    expect((await listProviderModels({ ai, now: now + 60_000 })).ok).toBe(true);
    expect(stub.modelListRequests).toHaveLength(1);
    expect(await listProviderModels({ ai, now: now + 6 * 60_000 })).toEqual({ ok: true, models: [{ id: "changed", label: "changed" }] });
  });

  it("answers {ok: false} when the provider fails, refuses the key or does not answer in time", async () => {
    stub.setModels({ status: 500 });
    expect(await listProviderModels({ ai: aiConfig("openai-compatible") })).toEqual({ ok: false });
    stub.setModels({ models: stubModelIds });
    expect(await listProviderModels({ ai: aiConfig("anthropic", { AI_API_KEY: "sk-ant-wrong" }) })).toEqual({ ok: false });
    expect(stub.modelListRequests.at(-1)!.api).toBe("anthropic");
    stub.setModels({ hang: true });
    const started = Date.now();
    expect(await listProviderModels({ ai: aiConfig("openai-compatible"), timeoutMs: 200 })).toEqual({ ok: false });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers {ok: false} when nothing listens at the base URL", async () => {
    expect(await listProviderModels({ ai: aiConfig("openai-compatible", { AI_BASE_URL: "http://127.0.0.1:9/v1" }) })).toEqual({ ok: false });
  });

  it("keeps a failure only briefly, so a provider that is back shows its list soon", async () => {
    const ai = aiConfig("openai-compatible");
    const now = Date.now();
    stub.setModels({ status: 503 });
    expect((await listProviderModels({ ai, now })).ok).toBe(false);
    stub.setModels({ models: ["back"] });
    expect((await listProviderModels({ ai, now: now + 1000 })).ok).toBe(false);
    expect(await listProviderModels({ ai, now: now + 60_000 })).toEqual({ ok: true, models: [{ id: "back", label: "back" }] });
  });
});

describe.each(testDatabaseKinds)("the workspace's model on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);
  let user: { id: string; name: string; email: string };
  let workspaceId: string;
  const storedModel = async () => (await testDb.db.selectFrom("workspace").select("aiModel").where("id", "=", workspaceId).executeTakeFirstOrThrow()).aiModel;

  beforeAll(async () => {
    const mo = await signUp({ firstName: "Mo", lastName: "Model" });
    user = { id: mo.id, name: mo.user.name, email: mo.user.email };
    workspaceId = mo.workspaceId;
  });

  it("starts on the configured default and saves an offered model", async () => {
    const ai = aiConfig("openai-compatible");
    expect(await storedModel()).toBeNull();
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai })).toBe("llama3.2");
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "stub-large" })).toEqual({ ok: true });
    expect(await storedModel()).toBe("stub-large");
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai })).toBe("stub-large");
    // Picking the default again stores no choice: the workspace follows AI_MODEL from then on.
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "llama3.2" })).toEqual({ ok: true });
    expect(await storedModel()).toBeNull();
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai: aiConfig("openai-compatible", { AI_MODEL: "stub-small" }) })).toBe("stub-small");
  });

  it("drops a pick when the operator configures another provider or server, without touching the row", async () => {
    const ai = aiConfig("openai-compatible");
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "stub-large" })).toEqual({ ok: true });
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai })).toBe("stub-large");
    const otherServer = { ...ai, baseUrl: "http://127.0.0.1:9/v1" };
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai: otherServer })).toBe(ai.model);
    const anthropic = aiConfig("anthropic");
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai: anthropic })).toBe(anthropic.model);
    // Back on the provider that offered it, the pick holds again.
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai })).toBe("stub-large");
    expect(await storedModel()).toBe("stub-large");
    await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: ai.model });
  });

  it("refuses a model the provider does not offer and saves nothing", async () => {
    const ai = aiConfig("openai-compatible");
    await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "stub-small" });
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "gpt-17-ultra" })).toEqual({ ok: false, reason: "unknownModel" });
    expect(await storedModel()).toBe("stub-small");
  });

  it("keeps the default usable when the list cannot be read, and refuses anything else", async () => {
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai: aiConfig("openai-compatible"), model: "stub-small" })).toEqual({ ok: true });
    stub.setModels({ status: 502 });
    const ai = aiConfig("openai-compatible");
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "stub-large" })).toEqual({ ok: false, reason: "listUnavailable" });
    expect(await storedModel()).toBe("stub-small");
    expect(await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "llama3.2" })).toEqual({ ok: true });
    expect(await storedModel()).toBeNull();
  });

  it("the offline writer writes with its own model whatever was picked", async () => {
    await setWorkspaceModel({ db: testDb.db, workspaceId, ai: aiConfig("openai-compatible"), model: "stub-large" });
    expect(await getWorkspaceModel({ db: testDb.db, workspaceId, ai: aiConfig("offline") })).toBe("offline-writer");
  });

  it("a generation writes with the workspace's model and records it", async () => {
    const ai = aiConfig("openai-compatible");
    await setWorkspaceModel({ db: testDb.db, workspaceId, ai, model: "stub-large" });
    const events: GenerationEvent[] = [];
    const outcome = await runGeneration({
      db: testDb.db,
      config: { ...testDb.config, ai },
      user,
      workspaceId,
      template: getTemplateById("description")!,
      inputs: { productName: "Bamboo Cutting Board", keyBenefitsFeatures: "Gentle on knives", toneOfVoice: "Professional", numberOutputs: "1" },
      count: 1,
      signal: new AbortController().signal,
      requestId: "req-model",
      locale: "en",
      emit: (event) => events.push(event),
    });
    expect(outcome.status).toBe("succeeded");
    expect(events[0]).toMatchObject({ type: "start", provider: "openai-compatible", model: "stub-large" });
    const chat = stub.requests.filter((r) => r.path.endsWith("/chat/completions"));
    expect(chat.at(-1)!.body.model).toBe("stub-large");
    const row = await testDb.db.selectFrom("generation").select(["provider", "model"]).where("id", "=", outcome.generationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: "openai-compatible", model: "stub-large" });
  });
});
