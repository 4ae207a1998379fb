// The offline writer: used when no AI provider is configured. It cannot read a prompt, so the caller
// composes what it writes (request.offlineOutputs, request.offlineText: the app's offline composers in
// app/templates/offline/ and app/features/listings/offline-listing/); it streams that word by word like a
// provider, so the page behaves the same with or without one.
import type { AiConfig } from "#server/config.server.ts";
import { GenerationError } from "./errors.server.ts";
import { offlineModel } from "./providers.server.ts";
import { outputCount, sleep, type TextWriteRequest, type TextWriteResult, type WriteRequest, type WriteResult, type Writer } from "./writer-types.server.ts";

export function createOfflineWriter(ai: Pick<AiConfig, "offlineWordDelayMs">): Writer {
  /** Streams `text` word by word, as a provider would. */
  async function stream(text: string, signal: AbortSignal, onDelta: (word: string) => void): Promise<void> {
    try {
      for (const word of text.match(/\s*\S+/g) ?? []) {
        if (ai.offlineWordDelayMs > 0) await sleep(ai.offlineWordDelayMs, signal);
        else if (signal.aborted) throw signal.reason;
        onDelta(word);
      }
    } catch (error) {
      if (signal.aborted) throw new GenerationError("cancelled", "the generation was cancelled", { cause: error });
      throw error;
    }
  }
  return {
    provider: "offline",
    model: offlineModel,
    offline: true,
    async write(request: WriteRequest): Promise<WriteResult> {
      const { signal, finalize } = request;
      const total = outputCount(request, request.count);
      const drafts = request.offlineOutputs();
      if (drafts.length !== total) throw new GenerationError("internal", `the offline composer wrote ${drafts.length} of ${total} outputs`);
      const outputs: string[] = [];
      for (const [index, draft] of drafts.entries()) {
        await stream(draft, signal, (word) => request.onDelta(index, word));
        const content = (finalize ? finalize(draft) : draft).trim();
        outputs.push(content);
        request.onOutput(index, content);
      }
      return { outputs, inputTokens: null, outputTokens: null, calls: 0 };
    },
    async writeText(request: TextWriteRequest): Promise<TextWriteResult> {
      const text = request.offlineText();
      await stream(text, request.signal, request.onDelta);
      return { text, inputTokens: null, outputTokens: null, calls: 0 };
    },
  };
}
