// What every writer (an AI provider through the AI SDK, or the offline writer) promises. Writers know no
// templates or listings: the caller says what to write (a prompt for a provider, the composed text for the
// offline writer, which cannot read a prompt).
import type { OutputMode } from "./text-rule.server.ts";
import type { AiProviderName } from "./providers.server.ts";

export type { OutputMode };

/** How a provider answers: "text" (split by the text rule) or "json" (structured output, items in an "elements" array). */
export type AnswerFormat = "text" | "json";

/** One generation's request to a writer (a provider or the offline writer). */
export interface WriteRequest {
  /** "split": `count` separate outputs; "single": one output holding `count` items (keywords). */
  outputMode: OutputMode;
  /** The count asked for: outputs in "split" mode, items in "single" mode. */
  count: number;
  /** The prompt asking a provider for `count` outputs (items in "single" mode), answered in `format`. */
  prompt(ask: { count: number; format: AnswerFormat }): { system: string; prompt: string };
  /** Last clean-up of one finished output (e.g. Amazon's title rules). */
  finalize?(content: string): string;
  /** What the offline writer writes instead (it cannot read a prompt): the `outputCount` outputs, composed by the caller. */
  offlineOutputs(): string[];
  /** Aborting it cancels the provider request. */
  signal: AbortSignal;
  /** Text appended to output `index` (0-based) while it is written. */
  onDelta(index: number, text: string): void;
  /** Output `index` is finished: `content` is final (`finalize` applied). Once per index, in order. */
  onOutput(index: number, content: string): void;
}

export interface WriteResult {
  /** Exactly `outputCount(request, count)` finished outputs. */
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
export function outputCount(request: { outputMode: OutputMode }, count: number): number {
  return request.outputMode === "single" ? 1 : count;
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
