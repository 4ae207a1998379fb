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
});

/** One event as SSE text (`event:` line, one `data:` line, blank line). */
export function encodeGenerationEvent(event: GenerationEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Parses SSE text as it arrives; complete events go to `onEvent`, unknown or malformed ones are skipped. */
export function createGenerationEventParser(onEvent: (event: GenerationEvent) => void) {
  let buffer = "";
  let eventType = "message";
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) {
      try {
        const parsed = generationEventSchema.safeParse({ ...JSON.parse(data.join("\n")), type: eventType });
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // Not JSON: not one of ours.
      }
    }
    eventType = "message";
    data = [];
  };
  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? "" : text.slice(colon + 1).replace(/^ /, "");
    if (field === "event") eventType = value;
    else if (field === "data") data.push(value);
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) !== -1) {
        const width = buffer.startsWith("\r\n", newline) ? 2 : 1;
        // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
        if (buffer[newline] === "\r" && width === 1 && newline === buffer.length - 1) break;
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + width);
      }
    },
    end() {
      if (buffer !== "") line(buffer);
      buffer = "";
      dispatch();
    },
  };
}

/**
 * Reads a POST /api/generations answer in the browser (fetch) or in Node, calling `onEvent` for
 * each event as soon as it arrives. Resolves with the final `done` or `error` event, or null when
 * the connection ended before either (treat that as interrupted: nothing was saved).
 * Call it only for a `text/event-stream` answer (a refused request is a JSON ApiError: see app/lib/errors.ts).
 */
export async function readGenerationStream(response: Response, onEvent: (event: GenerationEvent) => void): Promise<GenerationEvent | null> {
  if (!response.body) return null;
  let last: GenerationEvent | null = null;
  const parser = createGenerationEventParser((event) => {
    if (event.type === "done" || event.type === "error") last = event;
    onEvent(event);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
    parser.end();
  } catch {
    // An aborted fetch (Stop) or a dropped connection: report what arrived.
    return last;
  } finally {
    reader.releaseLock();
  }
  return last;
}
