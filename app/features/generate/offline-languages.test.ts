// The generator page says when the offline writer cannot write the store's language (offlineLanguages):
// that list must be the languages the templates' offline writer writes.
import { describe, expect, it } from "vitest";
import { offlineLanguages } from "#app/features/marketplaces/registry.ts";
import { offlineWriterLanguages } from "#server/ai/offline-writer.server.ts";

describe("the offline writer's languages", () => {
  it("are the ones the generator page does not warn about", () => {
    expect([...offlineWriterLanguages].sort()).toEqual([...offlineLanguages].sort());
  });
});
