// What every writer (an AI provider through the AI SDK, or the offline writer) promises.
import type { TemplateDefinition, TemplateInputs } from "#app/templates/types.ts";
import type { AiProviderName } from "./providers.server.ts";

/** One generation's request to a writer (a provider or the offline writer). */
export interface WriteRequest {
  template: TemplateDefinition;
  /** Validated inputs (see app/templates/validation.ts). */
  inputs: TemplateInputs;
  /** The count asked for: outputs in "split" mode, keywords in "single" mode. */
  count: number;
  /** The language the copy is written in ("English"): the prompt names it. */
  language: string;
  /** The same as a language code ("en", "de"): the offline writer writes it (English when it cannot). */
  languageCode: string;
  /** Aborting it cancels the provider request. */
  signal: AbortSignal;
  /** Text appended to output `index` (0-based) while it is written. */
  onDelta(index: number, text: string): void;
  /** Output `index` is finished: `content` is final (the template's finalize applied). Once per index, in order. */
  onOutput(index: number, content: string): void;
}

export interface WriteResult {
  /** Exactly `outputCount(template, count)` finished outputs. */
  outputs: string[];
  inputTokens: number | null;
  outputTokens: number | null;
  /** Provider calls made (retries and top-ups included). */
  calls: number;
}

/** One free-form text (a listing's section), streamed as it is written. */
export interface TextWriteRequest {
  system: string;
  prompt: string;
  maxOutputTokens: number;
  /** What the offline writer answers instead (it cannot read a prompt): the caller composes it. */
  offlineText(): string;
  signal: AbortSignal;
  /** Text appended while it is written. */
  onDelta(text: string): void;
}

export interface TextWriteResult {
  /** The whole answer, as written (the caller cleans and checks it). */
  text: string;
  inputTokens: number | null;
  outputTokens: number | null;
  calls: number;
}

export interface Writer {
  provider: AiProviderName;
  model: string;
  /** The built-in offline writer (no AI provider configured). */
  offline: boolean;
  /** Writes exactly the outputs asked for, or throws a GenerationError (nothing partial is returned). */
  write(request: WriteRequest): Promise<WriteResult>;
  /** Writes one text (retrying a 429 or 5xx before the first token), or throws a GenerationError. */
  writeText(request: TextWriteRequest): Promise<TextWriteResult>;
}

/** How many outputs a request produces: N in "split" mode, one in "single" mode (keywords). */
export function outputCount(template: Pick<TemplateDefinition, "outputMode">, count: number): number {
  return template.outputMode === "single" ? 1 : count;
}

/** Words in a text, as credits count them. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’\-.]*/gu)?.length ?? 0;
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
