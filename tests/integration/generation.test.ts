// Generations against the stub provider over real HTTP + SSE (OpenAI-compatible and Anthropic wire formats),
// saved to SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGenerationEventParser, readGenerationStream, type GenerationEvent } from "#app/features/generate/generation-events.ts";
import { handleGenerationPost } from "#app/features/generate/generation-request.server.ts";
import { runGeneration, type GenerationHooks } from "#app/features/generate/generation.server.ts";
import { getTemplateById, templateIds } from "#app/templates/registry.ts";
import { createWriter } from "#server/ai/writer.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import { createRateLimiter, type RateLimiter } from "#server/rate-limit.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { stubAiConfig, testDatabaseKinds } from "#tests/support/test-db.ts";

const description = getTemplateById("description")!;
const keywords = getTemplateById("keywords")!;
const descriptionInputs = { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives, deep juice grooves", toneOfVoice: "Professional", numberOutputs: "3" };
const items = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => `Description number ${i + 1 + offset} of the bamboo board, sturdy and easy to clean.`);
const numbered = (list: string[]) => list.map((item, i) => `${i + 1}. ${item}`).join("\n\n");

const providers = ["openai-compatible", "anthropic"] as const;

interface Run {
  events: GenerationEvent[];
  outcome: Awaited<ReturnType<typeof runGeneration>>;
}

describe.each(testDatabaseKinds)("generations on %s", (kind) => {
  const { testDb, stub, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 1 } });
  let user: { id: string; name: string; email: string };
  let workspaceId: string;

  beforeAll(async () => {
    const ada = await signUp({ firstName: "Ada", lastName: "Lovelace" });
    user = { id: ada.id, name: ada.user.name, email: ada.user.email };
    workspaceId = ada.workspaceId;
  });
  beforeEach(() => {
    stub.reset();
    stub.setTokenDelay(1);
  });

  function configFor(provider: (typeof providers)[number] | "offline", env: NodeJS.ProcessEnv = {}): AppConfig {
    return stubAiConfig(testDb, stub.baseUrl, provider, env);
  }

  async function generate(config: AppConfig, { template = description, inputs = descriptionInputs as Record<string, string>, count = 3, signal = new AbortController().signal, hooks }: { template?: typeof description; inputs?: Record<string, string>; count?: number; signal?: AbortSignal; hooks?: GenerationHooks } = {}): Promise<Run> {
    const events: GenerationEvent[] = [];
    const outcome = await runGeneration({
      db: testDb.db,
      config,
      user,
      workspaceId,
      template,
      inputs,
      count,
      signal,
      requestId: "req-test",
      locale: "en",
      emit: (event) => events.push(event),
      writer: createWriter(config.ai),
      hooks,
    });
    return { events, outcome };
  }

  const generationRow = (id: string) => testDb.db.selectFrom("generation").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const outputRows = (generationId: string) => testDb.db.selectFrom("output").selectAll().where("generationId", "=", generationId).orderBy("createdAt", "desc").execute();

  /** The text each output showed while streaming (its deltas, joined). */
  const streamed = (events: GenerationEvent[]) => {
    const texts: string[] = [];
    for (const event of events) if (event.type === "delta") texts[event.index] = (texts[event.index] ?? "") + event.text;
    return texts;
  };

  describe.each(providers)("with the %s wire format", (provider) => {
    it("streams every output as it is written, then saves all of them with the generation in one go", async () => {
      const { events, outcome } = await generate(configFor(provider));
      expect(outcome.status).toBe("succeeded");
      const types = events.map((e) => e.type);
      expect(types[0]).toBe("start");
      expect(types.at(-1)).toBe("done");
      expect(types.filter((t) => t === "output")).toHaveLength(3);
      expect(types.filter((t) => t === "delta").length).toBeGreaterThan(30);
      // Deltas of an output arrive before its `output` event, and outputs finish in order.
      const outputs = events.filter((e) => e.type === "output");
      expect(outputs.map((e) => e.index)).toEqual([0, 1, 2]);
      const start = events[0] as Extract<GenerationEvent, { type: "start" }>;
      expect(start).toMatchObject({ count: 3, provider, offline: false });
      expect(stub.requests).toHaveLength(1);
      expect(stub.requests[0]!.structured).toBe(provider === "anthropic");

      const done = events.at(-1) as Extract<GenerationEvent, { type: "done" }>;
      expect(done.outputs.map((o) => o.content)).toEqual(outputs.map((o) => o.content));
      expect(streamed(events)).toEqual(outputs.map((o) => o.content));
      expect(done.outputs[0]!.content).toMatch(/^Meet the Bamboo Cutting Board Set/);

      const row = await generationRow(done.generationId);
      expect(row).toMatchObject({ status: "succeeded", templateId: "description", count: 3, provider, requestId: "req-test", error: null });
      expect(row.words).toBe(done.outputs.reduce((sum, o) => sum + o.content.split(/\s+/).length, 0));
      expect(row.inputTokens).toBeGreaterThan(0);
      expect(row.outputTokens).toBeGreaterThan(0);
      expect(row.latencyMs).toBeGreaterThanOrEqual(0);
      expect(row.finishedAt).not.toBeNull();
      const saved = await outputRows(done.generationId);
      expect(saved.map((o) => o.content)).toEqual(done.outputs.map((o) => o.content));
      expect(saved.map((o) => o.id)).toEqual(done.outputs.map((o) => o.id));
      for (const output of saved) {
        expect(output).toMatchObject({ userId: user.id, workspaceId: row.workspaceId, templateId: "description", favorite: 0, editedAt: null });
        expect(JSON.parse(output.inputs)).toEqual(descriptionInputs);
      }
    });

    it("gives exactly N: extra items are dropped, missing ones are asked for again", async () => {
      const config = configFor(provider);
      // Structured requests get `elements`; text requests (and a top-up for a single output) get `text`.
      const answer = (list: string[]) => ({ elements: list, text: list.length === 1 ? list[0] : `Here are the descriptions:\n\n${numbered(list)}\n\nLet me know if you need more.` });
      stub.enqueue(answer(items(5)));
      const more = await generate(config);
      expect(more.outcome.status).toBe("succeeded");
      expect(more.events.filter((e) => e.type === "output").map((e) => (e as { content: string }).content)).toEqual(items(3));

      stub.reset();
      stub.enqueue(answer(items(2)), answer(items(1, 2)));
      const fewer = await generate(config);
      expect(fewer.outcome.status).toBe("succeeded");
      expect(stub.requests).toHaveLength(2);
      expect(JSON.stringify(stub.requests[1]!.body)).toContain("exactly one");
      const done = fewer.events.at(-1) as Extract<GenerationEvent, { type: "done" }>;
      expect(done.outputs.map((o) => [o.index, o.content])).toEqual(items(3).map((item, i) => [i, item]));
    });

    it("retries a 429 with back-off before the first token, then succeeds", async () => {
      stub.enqueue({ status: 429 }, { status: 429 });
      const { outcome } = await generate(configFor(provider, { AI_RETRY_DELAY_MS: "40" }));
      expect(outcome.status).toBe("succeeded");
      expect(stub.requests.map((r) => r.status)).toEqual([429, 429, 200]);
      // Exponential back-off: 40 ms, then 80 ms (plus up to 25% jitter).
      expect(stub.requests[1]!.receivedAt - stub.requests[0]!.receivedAt).toBeGreaterThanOrEqual(39);
      expect(stub.requests[2]!.receivedAt - stub.requests[1]!.receivedAt).toBeGreaterThanOrEqual(79);
    });

    it("gives up on a 500 after 3 retries, with a plain message and nothing saved", async () => {
      stub.enqueue(...Array.from({ length: 6 }, () => ({ status: 500 })));
      const { events, outcome } = await generate(configFor(provider));
      expect(outcome).toMatchObject({ status: "failed", code: "provider_unavailable" });
      expect(stub.requests).toHaveLength(4);
      expect(events.at(-1)).toEqual({ type: "error", code: "provider_unavailable", message: "The AI provider is not answering right now. Please try again in a moment.", requestId: "req-test" });
      const row = await generationRow(outcome.generationId);
      expect(row.status).toBe("failed");
      expect(row.error).toMatch(/^provider_unavailable/);
      expect(await outputRows(outcome.generationId)).toHaveLength(0);
    });

    it("does not retry a 401", async () => {
      stub.enqueue({ status: 401 }, { status: 401 });
      const { events, outcome } = await generate(configFor(provider));
      expect(outcome).toMatchObject({ status: "failed", code: "provider_config" });
      expect(stub.requests).toHaveLength(1);
      const error = events.at(-1) as Extract<GenerationEvent, { type: "error" }>;
      expect(error.message).toMatch(/credentials/);
      expect(error.message).not.toMatch(/401|stub|sk-/);
    });

    it("times out when the provider does not answer", async () => {
      stub.enqueue({ hang: true });
      const started = Date.now();
      const { outcome } = await generate(configFor(provider, { AI_TIMEOUT_MS: "300" }));
      expect(outcome).toMatchObject({ status: "failed", code: "timeout" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(stub.requests).toHaveLength(1);
      await expect.poll(() => stub.requests[0]!.closedByClient).toBe(true);
      expect((await generationRow(outcome.generationId)).status).toBe("failed");
    });

    it("fails a stream cut mid-way without retrying and saves nothing partial", async () => {
      stub.enqueue({ cutAfterTokens: 12 });
      const { events, outcome } = await generate(configFor(provider));
      expect(outcome).toMatchObject({ status: "failed", code: "interrupted" });
      expect(events.some((e) => e.type === "delta")).toBe(true);
      expect(events.some((e) => e.type === "done")).toBe(false);
      expect(stub.requests).toHaveLength(1);
      expect(await outputRows(outcome.generationId)).toHaveLength(0);
      expect((await generationRow(outcome.generationId)).status).toBe("failed");
    });

    it("cancels: the abort reaches the provider and the generation is marked cancelled", async () => {
      stub.setTokenDelay(20);
      const controller = new AbortController();
      const events: GenerationEvent[] = [];
      const outcome = await runGeneration({
        db: testDb.db,
        config: configFor(provider),
        user,
        workspaceId,
        template: description,
        inputs: descriptionInputs,
        count: 3,
        signal: controller.signal,
        requestId: "req-cancel",
        locale: "en",
        writer: createWriter(configFor(provider).ai),
        emit: (event) => {
          events.push(event);
          if (event.type === "delta" && events.filter((e) => e.type === "delta").length === 3) controller.abort();
        },
      });
      expect(outcome).toMatchObject({ status: "cancelled", code: "cancelled" });
      await expect.poll(() => stub.requests[0]?.closedByClient).toBe(true);
      expect(stub.requests[0]!.finishedAt).toBeUndefined();
      const row = await generationRow(outcome.generationId);
      expect(row.status).toBe("cancelled");
      expect(await outputRows(outcome.generationId)).toHaveLength(0);
    });

    it("saves keywords as one output", async () => {
      const { events, outcome } = await generate(configFor(provider), {
        template: keywords,
        inputs: { productName: "Bamboo Cutting Board", productDescription: "Organic bamboo with juice grooves", numberOfKeywords: "4" },
        count: 4,
      });
      expect(outcome.status).toBe("succeeded");
      const done = events.at(-1) as Extract<GenerationEvent, { type: "done" }>;
      expect(done.outputs).toHaveLength(1);
      expect(done.outputs[0]!.content.split("\n")).toHaveLength(4);
      expect(stub.requests[0]!.structured).toBe(false);
    });
  });

  it("runs the credit seam: reserve before the provider, settle in the saving transaction, release on failure", async () => {
    const calls: string[] = [];
    const hooks: GenerationHooks = {
      reserve: async (g) => void calls.push(`reserve ${g.outputs} (provider calls so far: ${stub.requests.length})`),
      settle: async (trx, g, { words }) => {
        const row = await trx.selectFrom("output").select((eb) => eb.fn.countAll<number>().as("n")).where("generationId", "=", g.generationId).executeTakeFirstOrThrow();
        calls.push(`settle ${words > 0} outputs in transaction: ${Number(row.n)}`);
      },
      release: async (_g, failure) => void calls.push(`release ${failure.status} ${failure.code}`),
    };
    await generate(configFor("openai-compatible"), { hooks });
    stub.enqueue({ status: 401 });
    await generate(configFor("openai-compatible"), { hooks });
    expect(calls).toEqual(["reserve 3 (provider calls so far: 0)", "settle true outputs in transaction: 3", "reserve 3 (provider calls so far: 1)", "release failed provider_config"]);
  });

  it("writes with the offline writer when no provider is configured", async () => {
    const { events, outcome } = await generate(configFor("offline"));
    expect(outcome.status).toBe("succeeded");
    expect(events[0]).toMatchObject({ type: "start", provider: "offline", offline: true });
    const done = events.at(-1) as Extract<GenerationEvent, { type: "done" }>;
    expect(new Set(done.outputs.map((o) => o.content)).size).toBe(3);
    expect((await generationRow(done.generationId)).provider).toBe("offline");
  });

  describe("POST /api/generations", () => {
    let limiter: RateLimiter;
    beforeAll(() => {
      limiter = createRateLimiter(testDb.db);
    });
    const post = (body: unknown, { signedIn = true, signal }: { signedIn?: boolean; signal?: AbortSignal } = {}) =>
      handleGenerationPost({
        request: new Request("http://localhost/api/generations", { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" }, signal }),
        user: signedIn ? user : null,
        locale: "en",
        requestId: "req-route",
        db: testDb.db,
        config: configFor("openai-compatible"),
        limiter,
        writer: createWriter(configFor("openai-compatible").ai),
      });

    it("streams the generation as server-sent events", async () => {
      const response = await post({ templateId: "description", inputs: { ...descriptionInputs, numberOutputs: "2" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("cache-control")).toContain("no-transform");
      const events: GenerationEvent[] = [];
      const last = await readGenerationStream(response, (event) => events.push(event));
      expect(last?.type).toBe("done");
      expect(events.filter((e) => e.type === "output")).toHaveLength(2);
    });

    it("writes for the store asked for (or the workspace's first): the prompt names its language and the outputs record both", async () => {
      stub.reset();
      const response = await post({ templateId: "description", inputs: { ...descriptionInputs, numberOutputs: "1" }, marketplace: "amazon.de" });
      const last = await readGenerationStream(response, () => undefined);
      expect(last?.type).toBe("done");
      expect(JSON.stringify(stub.requests.at(-1)!.body)).toContain("German");
      const saved = last?.type === "done" ? last.outputs[0]! : undefined;
      const row = await testDb.db.selectFrom("output").select(["marketplace", "language"]).where("id", "=", saved!.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ marketplace: "amazon.de", language: "de" });
      const plain = await readGenerationStream(await post({ templateId: "description", inputs: { ...descriptionInputs, numberOutputs: "1" } }), () => undefined);
      const plainRow = await testDb.db.selectFrom("output").select(["marketplace", "language"]).where("id", "=", plain?.type === "done" ? plain.outputs[0]!.id : "").executeTakeFirstOrThrow();
      expect(plainRow).toEqual({ marketplace: "amazon.com", language: "en" });
      const unknown = await post({ templateId: "description", inputs: descriptionInputs, marketplace: "amazon.moon" });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ code: "UNKNOWN_MARKETPLACE", error: "“amazon.moon” is not a marketplace Sellscribe knows." });
    });

    it("writes the store's language with the offline writer (German for amazon.de, French for amazon.fr, English for amazon.it)", async () => {
      const offline = configFor("offline");
      const postOffline = (marketplace: string) =>
        handleGenerationPost({
          request: new Request("http://localhost/api/generations", { method: "POST", body: JSON.stringify({ templateId: "description", inputs: { ...descriptionInputs, numberOutputs: "2" }, marketplace }), headers: { "content-type": "application/json" } }),
          user,
          locale: "en",
          requestId: "req-offline",
          db: testDb.db,
          config: offline,
          limiter,
          writer: createWriter(offline.ai),
        });
      const contents = async (marketplace: string) => {
        const last = await readGenerationStream(await postOffline(marketplace), () => undefined);
        expect(last?.type).toBe("done");
        return last?.type === "done" ? last.outputs.map((o) => o.content) : [];
      };
      const german = await contents("amazon.de");
      expect(german).toHaveLength(2);
      expect(new Set(german).size).toBe(2);
      for (const text of german) {
        expect(text).toContain("Bamboo Cutting Board Set");
        expect(text).toMatch(/(?<!\p{L})(?:Sie|und|für|die|das)(?!\p{L})/u);
        expect(text).not.toMatch(/\b(?:the|and|you|with)\b/i);
      }
      for (const text of await contents("amazon.fr")) expect(text).toMatch(/(?<!\p{L})(?:vous|et|le|la|une?)(?!\p{L})/u);
      // Italian is not among the offline writer's languages: English, as before.
      for (const text of await contents("amazon.it")) expect(text).toMatch(/\b(?:the|and)\b/i);
      expect(stub.requests).toHaveLength(0);
    });

    it("accepts the count beside the inputs", async () => {
      const { productName, keyBenefitsFeatures, toneOfVoice } = descriptionInputs;
      const response = await post({ templateId: "description", inputs: { productName, keyBenefitsFeatures, toneOfVoice }, count: "-2" });
      const last = await readGenerationStream(response, () => undefined);
      expect(last?.type === "done" && last.outputs.length).toBe(2);
    });

    it("refuses a signed-out request with 401", async () => {
      const response = await post({ templateId: "description", inputs: descriptionInputs }, { signedIn: false });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: "SIGNED_OUT", error: "Sign in to continue.", requestId: "req-route" });
    });

    it.each([
      ["an unknown template", "poems"],
      ["a template's page name (slug) instead of its id", "descriptionGenerator"],
    ])("answers 400 with a field message for %s", async (_what, templateId) => {
      const response = await post({ templateId, inputs: descriptionInputs });
      expect(response.status).toBe(400);
      const message = `templateId must be one of: ${templateIds.join(", ")}.`;
      expect(templateIds).toContain("description");
      expect(await response.json()).toEqual({ code: "UNKNOWN_TEMPLATE", error: message, requestId: "req-route", fieldErrors: { templateId: message } });
      expect(stub.requests).toHaveLength(0);
    });

    it("answers 400 for a body that is not JSON", async () => {
      const response = await post("{templateId: description");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "BAD_REQUEST", error: "The request could not be read. Check what was sent and try again.", requestId: "req-route" });
    });

    it("answers 400 naming the fields that are missing or too long", async () => {
      const response = await post({ templateId: "description", inputs: { productName: "", keyBenefitsFeatures: "x".repeat(401), toneOfVoice: "Loud" } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "INVALID_INPUTS",
        error: "Some fields need your attention.",
        requestId: "req-route",
        fieldErrors: { productName: "This field is required.", keyBenefitsFeatures: "At most 400 characters.", toneOfVoice: "Choose one of the options." },
      });
    });

    it("says at most 10 can be asked at once for a count of 99", async () => {
      const response = await post({ templateId: "description", inputs: { ...descriptionInputs, numberOutputs: "99" } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "INVALID_INPUTS", error: "At most 10 can be asked at once.", requestId: "req-route", fieldErrors: { numberOutputs: "At most 10 can be asked at once." } });
      expect(stub.requests).toHaveLength(0);
    });

    it("answers 405 naming POST for another method", async () => {
      const response = await handleGenerationPost({
        request: new Request("http://localhost/api/generations", { method: "PUT", body: "{}" }),
        user,
        locale: "es",
        requestId: "req-put",
        db: testDb.db,
        config: configFor("openai-compatible"),
        limiter,
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toEqual({ code: "METHOD_NOT_ALLOWED", error: "PUT no se admite aquí. Usa POST.", requestId: "req-put" });
    });

    it("keeps HTML in inputs as plain text", async () => {
      const response = await post({ templateId: "description", inputs: { ...descriptionInputs, productName: "<script>alert(1)</script>", numberOutputs: "1" } });
      const last = await readGenerationStream(response, () => undefined);
      expect(last?.type).toBe("done");
      const saved = await outputRows((last as Extract<GenerationEvent, { type: "done" }>).generationId);
      expect(JSON.parse(saved[0]!.inputs).productName).toBe("<script>alert(1)</script>");
    });

    it("cancels the generation when the client goes away", async () => {
      stub.setTokenDelay(20);
      const controller = new AbortController();
      const response = await post({ templateId: "description", inputs: descriptionInputs }, { signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const seen: GenerationEvent[] = [];
      const parser = createGenerationEventParser((event) => seen.push(event));
      while (!seen.some((e) => e.type === "delta")) parser.push((await reader.read()).value ?? "");
      controller.abort();
      await reader.cancel();
      await expect.poll(() => stub.requests[0]?.closedByClient).toBe(true);
      const generationId = (seen[0] as Extract<GenerationEvent, { type: "start" }>).generationId;
      await expect.poll(async () => (await generationRow(generationId)).status).toBe("cancelled");
      expect(await outputRows(generationId)).toHaveLength(0);
    });

    it("limits each user to 30 generations a minute, with Retry-After", async () => {
      for (let i = 0; i < 40; i++) await limiter.consume(`generation:${user.id}`, { max: 30, windowMs: 60_000 });
      const response = await post({ templateId: "description", inputs: descriptionInputs });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      const seconds = Number(response.headers.get("retry-after"));
      expect(await response.json()).toEqual({ code: "RATE_LIMITED", error: `Too many requests. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`, requestId: "req-route" });
    });
  });
});
