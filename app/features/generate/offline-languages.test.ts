// The generator page says when the offline writer cannot write the store's language (offlineLanguages):
// that list is the one the offline kit is held to, and a generation's request makes the offline writer
// stream what the template's composer writes, in the request's language.
import { describe, expect, it } from "vitest";
import { offlineKits } from "#app/templates/offline/kit/index.ts";
import { composeOffline } from "#app/templates/offline/compose.ts";
import { offlineLanguages } from "#app/templates/offline/languages.ts";
import { getTemplateById } from "#app/templates/registry.ts";
import { createOfflineWriter } from "#server/ai/offline-writer.server.ts";
import { templateWriteRequest } from "./write-request.server.ts";

const board = { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives\nDeep juice grooves\nThree sizes", toneOfVoice: "Professional" };

describe("the offline writer's languages", () => {
  it("are the ones the generator page does not warn about", () => {
    expect(Object.keys(offlineKits).sort()).toEqual([...offlineLanguages].sort());
  });

  it("streams the template's composed outputs word by word", async () => {
    const writer = createOfflineWriter({ offlineWordDelayMs: 0 });
    const deltas: string[] = [];
    const result = await writer.write({
      ...templateWriteRequest({ template: getTemplateById("description")!, inputs: board, count: 2, languageCode: "en" }),
      signal: new AbortController().signal,
      onDelta: (index, text) => (deltas[index] = (deltas[index] ?? "") + text),
      onOutput: () => undefined,
    });
    expect(result.outputs).toEqual(deltas);
    expect(result.outputs).toEqual(composeOffline("description", board, 2, 2));
  });

  it("streams the request's language", async () => {
    const writer = createOfflineWriter({ offlineWordDelayMs: 0 });
    const request = (languageCode: string) => ({
      ...templateWriteRequest({ template: getTemplateById("review")!, inputs: { productName: "Tasse", toneOfVoice: "Formal", rating: "5 stars" }, count: 2, languageCode }),
      signal: new AbortController().signal,
      onDelta: () => undefined,
      onOutput: () => undefined,
    });
    const german = await writer.write(request("de"));
    expect(german.outputs).toEqual(composeOffline("review", { productName: "Tasse", toneOfVoice: "Formal", rating: "5 stars" }, 2, 2, "de"));
    expect(german.outputs.join(" ")).toMatch(/Produkt/);
    const fallback = await writer.write(request("it"));
    expect(fallback.outputs.join(" ")).toMatch(/\bthe\b/i);
  });
});
