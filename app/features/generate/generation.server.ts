// One generation, from the row that records it to the saved outputs. See docs/decisions/006-generation-streaming.md.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Transaction } from "kysely";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import type { TemplateDefinition, TemplateInputs } from "#app/templates/types.ts";
import { generationErrors } from "#app/lib/errors.ts";
import { GenerationError } from "#server/ai/errors.server.ts";
import { countWords, getWriter, outputCount, type Writer } from "#server/ai/writer.server.ts";
import { saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { getWorkspaceModel } from "#app/features/workspace/ai-model.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/schema.ts";
import { logger } from "#server/logger.server.ts";
import { recordGeneration } from "#server/observability/metrics.server.ts";
import type { GenerationErrorCode, GenerationEvent, SavedOutput } from "./generation-events.ts";
import { templateWriteRequest } from "./write-request.server.ts";

/** What the credit hooks (and the log) know about a generation. */
export interface GenerationContext {
  generationId: string;
  userId: string;
  workspaceId: string;
  /** The template written, or null for a listing's sections. */
  templateId: string | null;
  /** The count asked for (outputs, or keywords for the keywords template). */
  count: number;
  /** Outputs that will be written. */
  outputs: number;
  requestId: string;
}

/**
 * The seam for credits (issue 7). `reserve` runs after the generation row exists and before the
 * provider is called (throw a GenerationError to refuse); `settle` runs inside the transaction that
 * saves the outputs, with the words written; `release` runs after a failure or cancel (nothing was saved).
 * A generation that outlived the crash sweep (recoverInterruptedGenerations) had its reservation given
 * back already: `settle` hears so (`reservationReleased`), and `release` is not called.
 */
export interface GenerationHooks {
  reserve?(generation: GenerationContext): Promise<void>;
  settle?(trx: Transaction<Database>, generation: GenerationContext, result: { words: number; reservationReleased: boolean }): Promise<void>;
  release?(generation: GenerationContext, failure: { status: "failed" | "cancelled"; code: GenerationErrorCode }): Promise<void>;
  /** After the transaction that ran `settle` committed: the words are charged for good (metrics). */
  settled?(generation: GenerationContext, result: { words: number }): void;
}

export interface RunGenerationOptions {
  db: Db;
  config: AppConfig;
  user: { id: string; name: string; email: string };
  /** The user's active workspace, read once by the caller (it also reserved the words there). */
  workspaceId: string;
  template: TemplateDefinition;
  /** Validated inputs (checkInputs). */
  inputs: TemplateInputs;
  count: number;
  /** The request's signal: the client going away cancels the provider request. */
  signal: AbortSignal;
  requestId: string;
  /** The language of error messages. */
  locale: Locale;
  /** Receives every event of the stream, in order. */
  emit(event: GenerationEvent): void;
  /** Defaults to the configured provider. */
  writer?: Writer;
  hooks?: GenerationHooks;
  /** The store the copy is for: the prompt names its language, and the outputs record both. */
  marketplace?: { id: string; language: string };
}

export type GenerationOutcome =
  | { status: "succeeded"; generationId: string; outputs: SavedOutput[] }
  | { status: "failed" | "cancelled"; generationId: string; code: GenerationErrorCode };

/** What a generation writes: a template's outputs, or a listing's sections (no template). */
export type GenerationSubject = { templateId: string } | { kind: "listing" };

/** Records a generation as running, before its provider is called. */
export async function createGeneration(
  args: {
    db: Db;
    id?: string;
    userId: string;
    workspaceId: string;
    inputs: TemplateInputs;
    count: number;
    provider: string;
    model: string;
    requestId?: string | null;
    createdAt?: Date;
  } & GenerationSubject,
): Promise<string> {
  const { db, id = randomUUID(), userId, workspaceId, inputs, count, provider, model, requestId = null, createdAt = new Date() } = args;
  const subject = "templateId" in args ? { kind: "template" as const, templateId: args.templateId } : { kind: "listing" as const, templateId: null };
  await db
    .insertInto("generation")
    .values({ id, userId, workspaceId, ...subject, inputs: JSON.stringify(inputs), count, provider, model, status: "running", inputTokens: null, outputTokens: null, latencyMs: null, error: null, requestId, createdAt: createdAt.toISOString(), finishedAt: null })
    .execute();
  return id;
}

/**
 * Marks a generation succeeded with its words and usage. `wasRunning` is false when the crash sweep had
 * closed it meanwhile (its reservation already given back); it is marked succeeded all the same.
 */
export async function completeGeneration({
  db,
  id,
  words,
  inputTokens = null,
  outputTokens = null,
  latencyMs = null,
  finishedAt = new Date(),
}: {
  db: Db;
  id: string;
  words: number;
  inputTokens?: number | null;
  outputTokens?: number | null;
  latencyMs?: number | null;
  finishedAt?: Date;
}): Promise<{ wasRunning: boolean }> {
  const succeeded = { status: "succeeded" as const, words, inputTokens, outputTokens, latencyMs, finishedAt: finishedAt.toISOString(), error: null };
  const { numUpdatedRows } = await db.updateTable("generation").set(succeeded).where("id", "=", id).where("status", "=", "running").executeTakeFirst();
  if (numUpdatedRows > 0n) return { wasRunning: true };
  await db.updateTable("generation").set(succeeded).where("id", "=", id).execute();
  return { wasRunning: false };
}

/**
 * Records a generation (status running), streams its events, and either saves every output with the
 * generation's result in one transaction, or marks it failed/cancelled and saves nothing.
 * Never throws: failures end as an `error` event.
 */
export async function runGeneration(options: RunGenerationOptions): Promise<GenerationOutcome> {
  const { db, config, user, workspaceId, template, inputs, count, signal, requestId, locale, emit, hooks = {} } = options;
  const generationId = randomUUID();
  const started = performance.now();
  // The model the workspace's owner picked (settings → workspace), else the configured one.
  const writer = options.writer ?? getWriter(config.ai, { model: await getWorkspaceModel({ db, workspaceId, ai: config.ai }) });
  const context: GenerationContext = {
    generationId,
    userId: user.id,
    workspaceId,
    templateId: template.id,
    count,
    outputs: outputCount(template, count),
    requestId,
  };
  await createGeneration({ db, id: generationId, userId: user.id, workspaceId, templateId: template.id, inputs, count, provider: writer.provider, model: writer.model, requestId });
  emit({ type: "start", generationId, count: context.outputs, provider: writer.provider, model: writer.model, offline: writer.offline });
  const log = logger.child({ requestId, generationId, templateId: template.id, provider: writer.provider, model: writer.model });

  try {
    await hooks.reserve?.(context);
    const result = await writer.write({
      ...templateWriteRequest({ template, inputs, count, languageCode: options.marketplace?.language ?? "en" }),
      signal,
      onDelta: (index, text) => emit({ type: "delta", index, text }),
      onOutput: (index, content) => emit({ type: "output", index, content }),
    });
    if (result.outputs.length !== context.outputs) throw new GenerationError("incomplete", `the writer returned ${result.outputs.length} of ${context.outputs} outputs`);

    const words = result.outputs.reduce((sum, content) => sum + countWords(content), 0);
    const finishedAt = new Date();
    // Output 0 is the newest, so a newest-first history lists a generation's outputs in their order.
    const saved: SavedOutput[] = result.outputs.map((content, index) => ({
      id: randomUUID(),
      index,
      content,
      templateId: template.id,
      createdAt: new Date(finishedAt.getTime() + (result.outputs.length - 1 - index)).toISOString(),
    }));
    const latencyMs = Math.round(performance.now() - started);
    await db.transaction().execute(async (trx) => {
      await saveOutputs({
        db: trx,
        outputs: saved.map(({ id, content, createdAt }) => ({ id, userId: user.id, workspaceId, generationId, templateId: template.id, content, inputs, createdAt, marketplace: options.marketplace?.id ?? null, language: options.marketplace?.language ?? null })),
      });
      const { wasRunning } = await completeGeneration({ db: trx, id: generationId, words, inputTokens: result.inputTokens, outputTokens: result.outputTokens, latencyMs, finishedAt });
      // Closed as interrupted meanwhile (it outlived the crash sweep): the outputs are kept all the same.
      await hooks.settle?.(trx, context, { words, reservationReleased: !wasRunning });
    });
    hooks.settled?.(context, { words });
    recordGeneration({ provider: writer.provider, model: writer.model, template: template.id, outcome: "succeeded", seconds: latencyMs / 1000 });
    log.info({ outputs: saved.length, words, latencyMs, calls: result.calls, inputTokens: result.inputTokens, outputTokens: result.outputTokens }, "generation succeeded");
    emit({ type: "done", generationId, outputs: saved });
    return { status: "succeeded", generationId, outputs: saved };
  } catch (error) {
    const { status, failure } = await recordGenerationFailure({ db, error, context, hooks, log, latencyMs: Math.round(performance.now() - started) });
    recordGeneration({ provider: writer.provider, model: writer.model, template: template.id, outcome: failure.code, seconds: (performance.now() - started) / 1000 });
    emit({ type: "error", code: failure.code, message: translate(locale, generationErrors[failure.code].messageKey), requestId });
    return { status, generationId, code: failure.code };
  }
}

/**
 * A generation (of a template or a listing) that failed or was stopped: logs why, marks its row, and
 * gives its reservation back (unless the crash sweep closed it first and did so already).
 */
export async function recordGenerationFailure({
  db,
  error,
  context,
  hooks,
  log,
  latencyMs,
}: {
  db: Db;
  error: unknown;
  context: GenerationContext;
  hooks: GenerationHooks;
  log: typeof logger;
  latencyMs: number;
}): Promise<{ status: "failed" | "cancelled"; failure: GenerationError }> {
  const failure = error instanceof GenerationError ? error : new GenerationError("internal", error instanceof Error ? error.message : String(error), { cause: error });
  const status = failure.code === "cancelled" ? "cancelled" : "failed";
  if (status === "cancelled") log.info({ latencyMs }, "generation cancelled");
  else log[failure.code === "internal" ? "error" : "warn"]({ code: failure.code, detail: failure.detail, err: failure.cause ?? failure, latencyMs }, `generation failed: ${failure.message}`);
  try {
    const { numUpdatedRows } = await db
      .updateTable("generation")
      .set({ status, error: `${failure.code}: ${failure.message}`.slice(0, 1000), latencyMs, finishedAt: new Date().toISOString() })
      .where("id", "=", context.generationId)
      .where("status", "=", "running")
      .executeTakeFirst();
    // None updated: the crash sweep closed it and gave the reservation back already.
    if (numUpdatedRows > 0n) await hooks.release?.(context, { status, code: failure.code });
  } catch (recordError) {
    log.error({ err: recordError }, "could not record the generation's failure");
  }
  return { status, failure };
}
