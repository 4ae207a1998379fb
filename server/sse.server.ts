// A text/event-stream answer for work that streams (generations, listings): keep-alive comments while a
// slow provider thinks, nothing written after the client went away, the stream closed when the work ends.
import { logger } from "./logger.server.ts";

/** A comment line this often keeps proxies from closing a stream while a slow provider thinks. */
export const keepAliveMs = 15_000;

/**
 * Runs `work` with a `send` for SSE text and answers with the stream. When `work` throws (it should
 * not: it reports its own failures as events), `onCrash` may send a last event.
 */
export function eventStreamResponse({ work, onCrash, requestId }: { work: (send: (text: string) => void) => Promise<unknown>; onCrash: (send: (text: string) => void, error: unknown) => Promise<void>; requestId: string }): Response {
  let open = true;
  let heartbeat: NodeJS.Timeout | undefined;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      heartbeat = setInterval(() => send(": keep-alive\n\n"), keepAliveMs);
      work(send)
        .catch((error: unknown) => onCrash(send, error).catch((crash: unknown) => logger.error({ err: crash, requestId }, "could not end a failed stream cleanly")))
        .finally(() => {
          clearInterval(heartbeat);
          if (open) {
            open = false;
            controller.close();
          }
        });
    },
    cancel() {
      open = false;
      clearInterval(heartbeat);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: neither our compression middleware nor a proxy may buffer the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
