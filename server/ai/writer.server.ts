import type { AiConfig } from "#server/config.server.ts";
import { createOfflineWriter } from "./offline-writer.server.ts";
import { getProvider } from "./providers.server.ts";
import type { Writer } from "./writer-types.server.ts";

export * from "./writer-types.server.ts";

/**
 * The AI SDK writer, its module (with the AI SDK) imported at the first write: a server that has not
 * written yet, or writes offline, never loads the SDK (docs/decisions/021).
 */
function lazySdkWriter(ai: AiConfig, model: string): Writer {
  let loaded: Promise<Writer> | undefined;
  const writer = () => (loaded ??= import("./sdk-writer.server.ts").then(({ createSdkWriter }) => createSdkWriter(ai, model)));
  return {
    provider: ai.provider,
    model,
    offline: false,
    write: async (request) => (await writer()).write(request),
    writeText: async (request) => (await writer()).writeText(request),
  };
}

/** The writer for the configured provider, writing with `model` (the workspace's choice; the configured model when not given). */
export function createWriter(ai: AiConfig, { model = ai.model }: { model?: string } = {}): Writer {
  // A provider without an AI SDK model is the offline writer, which has one built-in model.
  return getProvider(ai.provider).createModel ? lazySdkWriter(ai, model) : createOfflineWriter(ai);
}

let cached: { ai: AiConfig; writers: Map<string, Writer> } | undefined;

/** One writer per configuration and model (provider clients keep their HTTP connections). */
export function getWriter(ai: AiConfig, { model = ai.model }: { model?: string } = {}): Writer {
  if (cached?.ai !== ai) cached = { ai, writers: new Map() };
  let writer = cached.writers.get(model);
  if (!writer) {
    // Models are few (a workspace picks from the provider's list); the bound only guards memory.
    if (cached.writers.size >= 100) cached.writers.clear();
    writer = createWriter(ai, { model });
    cached.writers.set(model, writer);
  }
  return writer;
}
