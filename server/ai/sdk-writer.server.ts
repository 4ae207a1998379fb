// Writers for real providers through the Vercel AI SDK: OpenAI, any OpenAI-compatible server, Anthropic.
import { Output, streamText, type LanguageModel, type OutputInterface } from "ai";
import { performance } from "node:perf_hooks";
import { SpanKind } from "@opentelemetry/api";
import { z } from "zod";
import type { AiConfig } from "#server/config.server.ts";
import { logger } from "#server/logger.server.ts";
import { recordProviderCall } from "#server/observability/metrics.server.ts";
import { withSpan } from "#server/observability/tracing.server.ts";
import { GenerationError } from "./errors.server.ts";
import { classifyProviderError } from "./provider-errors.server.ts";
import { createJsonArrayStream } from "./json-array-stream.server.ts";
import { OutputTracker } from "./output-tracker.server.ts";
import { getProvider } from "./providers.server.ts";
import { cleanElement, cleanGrowingElement, livePieces, splitAnswer } from "./text-rule.server.ts";
import { outputCount, sleep, type AnswerFormat, type TextWriteRequest, type TextWriteResult, type WriteRequest, type WriteResult, type Writer } from "./writer-types.server.ts";

/** Retries of a 429 or 5xx, only while nothing has streamed yet. */
export const maxRetries = 3;
/** Provider calls per generation: the first, plus calls for outputs still missing (see text-rule.server.ts). */
const maxCalls = 3;
/** A Retry-After longer than this is not waited for (the user is watching). */
const maxRetryAfterMs = 10_000;

/**
 * Structured output for "exactly N" strings: the JSON schema of Output.array (`{"elements": string[]}`),
 * but every text delta passes straight through. (Output.array holds text back until an element is
 * complete; we show each element while it grows and parse the array ourselves.)
 */
function streamingElementsOutput(): OutputInterface<string[], string, never> {
  const array = Output.array({ element: z.string(), name: "outputs", description: "The outputs, one string each" });
  return {
    name: "streaming-elements",
    responseFormat: array.responseFormat,
    parseCompleteOutput: (options, context) => array.parseCompleteOutput(options, context),
    parsePartialOutput: async ({ text }) => ({ partial: text }),
    createElementStreamTransform: () => undefined,
  };
}

interface CallOutcome {
  items: string[];
  inputTokens?: number;
  outputTokens?: number;
}

interface CallPlan {
  system: string;
  prompt: string;
  format: AnswerFormat;
  /** Items asked for in this call. */
  count: number;
  maxOutputTokens: number;
}

/** Parses one call's answer as it grows: structured elements or the text rule. */
function answerReader(plan: CallPlan, mode: "split" | "single") {
  if (plan.format === "json") {
    const parser = createJsonArrayStream();
    const view = (final: boolean) => {
      const all = parser.elements();
      const items = all.slice(0, parser.closed).map(cleanElement);
      if (!final && all.length > parser.closed) {
        const growing = cleanGrowingElement(all[all.length - 1]!);
        if (growing !== null) items.push(growing);
      }
      return { items, complete: parser.closed };
    };
    return { push: (text: string) => parser.push(text), live: () => view(false), final: (_cut: boolean) => view(true).items };
  }
  let text = "";
  return {
    push: (delta: string) => {
      text += delta;
    },
    live: () => livePieces(text, plan.count, mode),
    final: (cut: boolean) => {
      const items = splitAnswer(text, plan.count, mode);
      // Cut by the token budget: the last piece is unfinished, so it is not kept (a later call writes it again).
      if (!cut || /\n[ \t]*\n[ \t]*$/.test(text)) return items;
      if (mode === "single") return items.map((item) => item.split("\n").slice(0, -1).join("\n")).filter(Boolean);
      return splitAnswer(text, plan.count + 1, mode).length > plan.count ? items : items.slice(0, -1);
    },
  };
}

/** A writer for `model` of the configured provider (a row of the provider table with an AI SDK model). */
export function createSdkWriter(ai: AiConfig, modelId: string = ai.model): Writer {
  const provider = getProvider(ai.provider);
  if (!provider.createModel) throw new Error(`provider ${ai.provider} has no AI SDK model`);
  const { createModel } = provider;
  // Created at the first call (the provider's package is imported then), once per writer.
  let model: Promise<LanguageModel> | undefined;
  const structured = provider.structuredOutput;

  interface StreamCall {
    system: string;
    prompt: string;
    maxOutputTokens: number;
    /** Structured output ("elements" array) instead of plain text. */
    json: boolean;
    signal: AbortSignal;
    /** Each piece of text as it arrives. */
    onText(text: string): void;
  }

  /**
   * One streaming call; throws a GenerationError. `progress.started` turns true at the first text.
   * Resolves with the finish reason and usage once the provider finished.
   */
  async function streamCall(request: StreamCall, progress: { started: boolean }): Promise<{ reason: string; inputTokens?: number; outputTokens?: number }> {
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new GenerationError("timeout", `no answer from the provider for ${ai.timeoutMs} ms`));
      }, ai.timeoutMs);
    };
    const cancel = () => controller.abort(request.signal.reason);
    request.signal.addEventListener("abort", cancel, { once: true });
    arm();
    try {
      const result = streamText({
        model: await (model ??= createModel(ai, modelId)),
        system: request.system,
        prompt: request.prompt,
        maxOutputTokens: request.maxOutputTokens,
        temperature: ai.temperature,
        maxRetries: 0,
        abortSignal: controller.signal,
        // Errors arrive in the stream and are classified below; the SDK's default would print them to stderr.
        onError: () => undefined,
        ...(request.json ? { output: streamingElementsOutput() } : {}),
      });
      let finish: { reason: string; inputTokens?: number; outputTokens?: number } | undefined;
      for await (const part of result.fullStream) {
        arm();
        if (part.type === "text-delta") {
          if (part.text === "") continue;
          progress.started = true;
          request.onText(part.text);
        } else if (part.type === "error") {
          throw part.error;
        } else if (part.type === "abort") {
          throw controller.signal.reason ?? new Error("aborted");
        } else if (part.type === "finish") {
          finish = { reason: part.finishReason, inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens };
        }
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      if (!finish) throw new GenerationError(progress.started ? "interrupted" : "provider_unavailable", "the provider stream ended without finishing");
      if (finish.reason === "content-filter") throw new GenerationError("rejected", "the provider's content filter stopped the answer");
      if (finish.reason === "error") throw new GenerationError(progress.started ? "interrupted" : "provider_unavailable", "the provider reported an error");
      return finish;
    } catch (error) {
      if (request.signal.aborted) throw new GenerationError("cancelled", "the generation was cancelled", { cause: error });
      if (timedOut) throw new GenerationError("timeout", `no answer from the provider for ${ai.timeoutMs} ms`, { cause: error });
      throw classifyProviderError(error, { started: progress.started });
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", cancel);
    }
  }

  /**
   * streamCall as a span (OpenTelemetry's GenAI names: "chat <model>") and in the provider metrics: its
   * outcome, the time to its first text, and the tokens it used.
   */
  function observedStreamCall(request: StreamCall, progress: { started: boolean }): ReturnType<typeof streamCall> {
    const started = performance.now();
    let firstTokenSeconds: number | undefined;
    const onText = (text: string) => {
      firstTokenSeconds ??= (performance.now() - started) / 1000;
      request.onText(text);
    };
    const attributes = { "gen_ai.operation.name": "chat", "gen_ai.provider.name": ai.provider, "gen_ai.request.model": modelId, "gen_ai.request.max_tokens": request.maxOutputTokens };
    return withSpan(`chat ${modelId}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const finish = await streamCall({ ...request, onText }, progress);
        span.setAttributes({ "gen_ai.response.finish_reasons": [finish.reason], "gen_ai.usage.input_tokens": finish.inputTokens ?? 0, "gen_ai.usage.output_tokens": finish.outputTokens ?? 0 });
        recordProviderCall({ provider: ai.provider, model: modelId, outcome: "ok", firstTokenSeconds, inputTokens: finish.inputTokens, outputTokens: finish.outputTokens });
        return finish;
      } catch (error) {
        const code = error instanceof GenerationError ? error.code : "internal";
        span.setAttribute("error.type", code);
        recordProviderCall({ provider: ai.provider, model: modelId, outcome: code, firstTokenSeconds });
        throw error;
      }
    });
  }

  /** Runs `attempt` and retries a 429 or 5xx (honouring Retry-After) while nothing has streamed yet. */
  async function retrying<T>(signal: AbortSignal, attempt: (progress: { started: boolean }) => Promise<T>, onCall: () => void): Promise<T> {
    for (let tries = 0; ; tries++) {
      const progress = { started: false };
      onCall();
      try {
        return await attempt(progress);
      } catch (error) {
        const failure = error instanceof GenerationError ? error : classifyProviderError(error, { started: progress.started });
        if (!failure.retryable || progress.started || tries >= maxRetries) throw failure;
        const retryAfter = typeof failure.detail.retryAfterMs === "number" && failure.detail.retryAfterMs <= maxRetryAfterMs ? failure.detail.retryAfterMs : undefined;
        const wait = retryAfter ?? ai.retryDelayMs * 2 ** tries * (1 + Math.random() * 0.25);
        logger.warn({ code: failure.code, detail: failure.detail, attempt: tries + 1, waitMs: Math.round(wait), provider: ai.provider }, "AI provider call failed before the first token; retrying");
        try {
          await sleep(wait, signal);
        } catch (reason) {
          throw new GenerationError("cancelled", "the generation was cancelled while waiting to retry", { cause: reason });
        }
      }
    }
  }

  /** One call of a generation: its answer read as it grows into the tracker's outputs. */
  async function call(plan: CallPlan, request: WriteRequest, tracker: OutputTracker, progress: { started: boolean }): Promise<CallOutcome> {
    const reader = answerReader(plan, request.outputMode);
    tracker.startCall();
    const finish = await observedStreamCall(
      {
        system: plan.system,
        prompt: plan.prompt,
        maxOutputTokens: plan.maxOutputTokens,
        json: plan.format === "json",
        signal: request.signal,
        onText: (text) => {
          reader.push(text);
          const view = reader.live();
          tracker.update(view.items, view.complete);
        },
      },
      progress,
    );
    const items = reader.final(finish.reason === "length");
    tracker.finish(items);
    return { items, inputTokens: finish.inputTokens, outputTokens: finish.outputTokens };
  }

  const add = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));

  async function write(request: WriteRequest): Promise<WriteResult> {
    const { outputMode, finalize } = request;
    const total = outputCount(request, request.count);
    const tracker = new OutputTracker(total, (content) => (finalize ? finalize(content) : content), request.onDelta, request.onOutput);
    let inputTokens: number | undefined;
    let outputTokens: number | undefined;
    let calls = 0;

    for (let round = 0; round < maxCalls && tracker.missing > 0; round++) {
      const asked = outputMode === "single" ? request.count : tracker.missing;
      const format: AnswerFormat = structured && outputMode === "split" && asked > 1 ? "json" : "text";
      const prompt = request.prompt({ count: asked, format });
      const perOutput = outputMode === "single" ? 1 : asked;
      const plan: CallPlan = { ...prompt, format, count: asked, maxOutputTokens: ai.maxTokensPerOutput * perOutput + 64 };
      const outcome = await retrying(request.signal, (progress) => call(plan, request, tracker, progress), () => calls++);
      inputTokens = add(inputTokens, outcome.inputTokens);
      outputTokens = add(outputTokens, outcome.outputTokens);
      if (tracker.missing > 0 && round + 1 < maxCalls) {
        logger.info({ missing: tracker.missing, asked: total, provider: ai.provider }, "the provider wrote fewer outputs than asked; asking for the rest");
      }
    }
    if (tracker.missing > 0) throw new GenerationError("incomplete", `the provider wrote ${tracker.finished} of ${total} outputs after ${maxCalls} calls`);
    return { outputs: [...tracker.outputs], inputTokens: inputTokens ?? null, outputTokens: outputTokens ?? null, calls };
  }

  async function writeText(request: TextWriteRequest): Promise<TextWriteResult> {
    let calls = 0;
    let text = "";
    const finish = await retrying(
      request.signal,
      (progress) => {
        text = "";
        return observedStreamCall(
          {
            ...request,
            json: false,
            onText: (piece) => {
              text += piece;
              request.onDelta(piece);
            },
          },
          progress,
        );
      },
      () => calls++,
    );
    return { text, inputTokens: finish.inputTokens ?? null, outputTokens: finish.outputTokens ?? null, calls };
  }

  return { provider: ai.provider, model: modelId, offline: false, write, writeText };
}
