import type { AiConfig } from "../config.server.ts";
import { createOfflineWriter } from "./offline-writer.server.ts";
import { createSdkWriter } from "./sdk-writer.server.ts";
import type { Writer } from "./writer-types.server.ts";

export * from "./writer-types.server.ts";

/** The writer for the configured provider. */
export function createWriter(ai: AiConfig): Writer {
  return ai.provider === "offline" ? createOfflineWriter(ai) : createSdkWriter(ai);
}

let cached: { ai: AiConfig; writer: Writer } | undefined;

/** One writer per configuration (provider clients keep their HTTP connections). */
export function getWriter(ai: AiConfig): Writer {
  if (cached?.ai !== ai) cached = { ai, writer: createWriter(ai) };
  return cached.writer;
}
