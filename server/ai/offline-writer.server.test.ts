import { describe, expect, it } from "vitest";
import { createOfflineWriter } from "./offline-writer.server.ts";
import { GenerationError } from "./errors.server.ts";
import type { WriteRequest } from "./writer-types.server.ts";

/** A request whose offline outputs are given (the app's composers write them; server/ai knows none). */
function request(outputs: string[], overrides: Partial<WriteRequest> = {}): WriteRequest {
  return {
    outputMode: "split",
    count: outputs.length,
    prompt: () => ({ system: "", prompt: "" }),
    offlineOutputs: () => outputs,
    signal: new AbortController().signal,
    onDelta: () => undefined,
    onOutput: () => undefined,
    ...overrides,
  };
}

describe("the offline writer", () => {
  it("streams word by word and can be stopped", async () => {
    const writer = createOfflineWriter({ offlineWordDelayMs: 0 });
    const deltas: string[] = [];
    const drafts = ["Meet the Bamboo Cutting Board Set: made for real life.", "Discover the Bamboo Cutting Board Set, designed for people who value quality."];
    const result = await writer.write(request(drafts, { onDelta: (index, text) => (deltas[index] = (deltas[index] ?? "") + text) }));
    expect(result.outputs).toEqual(deltas);
    expect(result.outputs).toEqual(drafts);
    expect(writer).toMatchObject({ provider: "offline", offline: true });

    const controller = new AbortController();
    const slow = createOfflineWriter({ offlineWordDelayMs: 5 });
    const stopped = slow.write(request(["I love the Mug!", "The Mug is a solid pick.", "Really happy with the Mug."], { signal: controller.signal, onDelta: () => controller.abort() }));
    await expect(stopped).rejects.toBeInstanceOf(GenerationError);
    await expect(stopped).rejects.toMatchObject({ code: "cancelled" });
  });

  it("applies the request's finalize to each output, and writes one output in single mode", async () => {
    const writer = createOfflineWriter({ offlineWordDelayMs: 0 });
    const finished: string[] = [];
    const result = await writer.write(request(["a title!", "another title!"], { finalize: (text) => text.replace("!", ""), onOutput: (_, content) => finished.push(content) }));
    expect(result.outputs).toEqual(["a title", "another title"]);
    expect(finished).toEqual(result.outputs);
    const keywords = await writer.write(request(["one\ntwo\nthree"], { outputMode: "single", count: 3 }));
    expect(keywords.outputs).toEqual(["one\ntwo\nthree"]);
    await expect(writer.write(request(["one", "two"], { outputMode: "single", count: 2 }))).rejects.toMatchObject({ code: "internal" });
  });

  it("streams a text the caller composed", async () => {
    const writer = createOfflineWriter({ offlineWordDelayMs: 0 });
    let streamed = "";
    const result = await writer.writeText({ system: "", prompt: "", maxOutputTokens: 100, offlineText: () => "Bamboo Cutting Board, 3 Sizes", signal: new AbortController().signal, onDelta: (text) => (streamed += text) });
    expect(result).toMatchObject({ text: "Bamboo Cutting Board, 3 Sizes", calls: 0 });
    expect(streamed).toBe(result.text);
  });
});
