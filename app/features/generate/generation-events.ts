// The generation stream protocol, shared by the server (POST /api/generations) and the browser.
// Browser-safe: no server imports. See docs/decisions/006-generation-streaming.md.
//
// The answer is `text/event-stream`; every event is `event: <type>` plus one `data: <JSON>` line:
//   start  {generationId, count, provider, model, offline}   first, once the generation row exists;
//          count = outputs that will arrive (N, or 1 for keywords); offline = the built-in writer answers
//   delta  {index, text}          text appended to output `index` (0-based) while it is written
//   output {index, content}       output `index` is finished; `content` is final (replaces the deltas)
//   done   {generationId, outputs: [{id, index, content, createdAt, templateId}]}   after saving, last
//   error  {code, message, requestId}   last; `message` is localized; nothing of this generation is saved
// Lines starting with ":" are keep-alive comments. Exactly one `output` per index; `done` lists all N.
import { z } from "zod";
import { generationErrorCodes, type GenerationErrorCode } from "#app/lib/errors.ts";
import { createSseParser, encodeSseEvent, readSseStream } from "#app/lib/sse.ts";

export { generationErrorCodes, type GenerationErrorCode };

const index = z.number().int().min(0);

export const savedOutputSchema = z.object({
  id: z.string(),
  index,
  content: z.string(),
  createdAt: z.string(),
  templateId: z.string(),
});
export type SavedOutput = z.infer<typeof savedOutputSchema>;

export const generationEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    generationId: z.string(),
    count: z.number().int().min(1),
    provider: z.string(),
    model: z.string(),
    offline: z.boolean(),
  }),
  z.object({ type: z.literal("delta"), index, text: z.string() }),
  z.object({ type: z.literal("output"), index, content: z.string() }),
  z.object({ type: z.literal("done"), generationId: z.string(), outputs: z.array(savedOutputSchema) }),
  z.object({ type: z.literal("error"), code: z.enum(generationErrorCodes), message: z.string(), requestId: z.string() }),
]);
export type GenerationEvent = z.infer<typeof generationEventSchema>;

/** The JSON body of POST /api/generations; `templateId` is checked against the registry's ids. */
export const generationRequestSchema = z.object({
  templateId: z.string().min(1).max(100),
  inputs: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}),
  count: z.union([z.string(), z.number()]).optional(),
  /** The store the copy is for (its domain, e.g. "amazon.de"); default: the workspace's first store. */
  marketplace: z.string().min(1).max(100).optional(),
});

/** One event as SSE text (`event:` line, one `data:` line, blank line). */
export const encodeGenerationEvent = (event: GenerationEvent): string => encodeSseEvent(event);

/** Parses SSE text as it arrives; complete events go to `onEvent`, unknown or malformed ones are skipped. */
export const createGenerationEventParser = (onEvent: (event: GenerationEvent) => void) => createSseParser(generationEventSchema, onEvent);

/**
 * Reads a POST /api/generations answer in the browser (fetch) or in Node, calling `onEvent` for
 * each event as soon as it arrives. Resolves with the final `done` or `error` event, or null when
 * the connection ended before either (treat that as interrupted: nothing was saved).
 * Call it only for a `text/event-stream` answer (a refused request is a JSON ApiError: see app/lib/errors.ts).
 */
export function readGenerationStream(response: Response, onEvent: (event: GenerationEvent) => void): Promise<GenerationEvent | null> {
  return readSseStream(response, generationEventSchema, (event) => event.type === "done" || event.type === "error", onEvent);
}
