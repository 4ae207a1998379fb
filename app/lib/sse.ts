// Server-sent events for our streams (generations, listings): `event: <type>` plus one `data: <JSON>`
// line per event; lines starting with ":" are keep-alive comments. Browser-safe. Each stream's module
// names its events with a zod discriminated union on `type` and uses these three functions.
import type { z } from "zod";

/** One event as SSE text (`event:` line, one `data:` line, blank line). */
export function encodeSseEvent<T extends { type: string }>(event: T): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Parses SSE text as it arrives; complete events that `schema` accepts go to `onEvent`, others are skipped. */
export function createSseParser<T>(schema: z.ZodType<T>, onEvent: (event: T) => void) {
  let buffer = "";
  let eventType = "message";
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) {
      try {
        const parsed = schema.safeParse({ ...JSON.parse(data.join("\n")), type: eventType });
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
 * Reads an SSE answer (fetch in the browser or Node), calling `onEvent` as each event arrives.
 * Resolves with the last event `isFinal` accepted, or null when the connection ended before one
 * (treat that as interrupted). An aborted fetch or dropped connection reports what arrived.
 */
export async function readSseStream<T>(response: Response, schema: z.ZodType<T>, isFinal: (event: T) => boolean, onEvent: (event: T) => void): Promise<T | null> {
  if (!response.body) return null;
  let last: T | null = null;
  const parser = createSseParser(schema, (event) => {
    if (isFinal(event)) last = event;
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
    return last;
  } finally {
    reader.releaseLock();
  }
  return last;
}
