import { describe, expect, it } from "vitest";
import { createGenerationEventParser, encodeGenerationEvent, readGenerationStream, type GenerationEvent } from "./generation-events.ts";

const events: GenerationEvent[] = [
  { type: "start", generationId: "g1", count: 2, provider: "offline", model: "offline-writer", offline: true },
  { type: "delta", index: 0, text: "Hello\nworld: \"quoted\"" },
  { type: "output", index: 0, content: "Hello world" },
  { type: "done", generationId: "g1", outputs: [{ id: "o1", index: 0, content: "Hello world", createdAt: "2026-01-01T00:00:00.000Z", templateId: "description" }] },
];

describe("the generation event stream", () => {
  it("round-trips every event through SSE text, whatever the chunking", () => {
    const text = `: keep-alive\n\n${events.map(encodeGenerationEvent).join("")}`;
    for (const size of [1, 3, 17, text.length]) {
      const seen: GenerationEvent[] = [];
      const parser = createGenerationEventParser((event) => seen.push(event));
      for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
      parser.end();
      expect(seen).toEqual(events);
    }
  });

  it("accepts CRLF line endings and skips unknown or malformed events", () => {
    const seen: GenerationEvent[] = [];
    const parser = createGenerationEventParser((event) => seen.push(event));
    parser.push('event: delta\r\ndata: {"index":1,"text":"a"}\r\n\r\nevent: mystery\ndata: {}\n\nevent: delta\ndata: not json\n\n');
    parser.end();
    expect(seen).toEqual([{ type: "delta", index: 1, text: "a" }]);
  });

  it("reads a fetch Response and returns the final event", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const event of events) controller.enqueue(new TextEncoder().encode(encodeGenerationEvent(event)));
        controller.close();
      },
    });
    const seen: GenerationEvent[] = [];
    const last = await readGenerationStream(new Response(body), (event) => seen.push(event));
    expect(seen).toEqual(events);
    expect(last).toEqual(events.at(-1));
  });

  it("returns null when the connection ends before done or error", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(encodeGenerationEvent(events[1]!)));
        controller.error(new Error("connection reset"));
      },
    });
    expect(await readGenerationStream(new Response(body), () => undefined)).toBeNull();
  });
});
