// What the writer is asked for one generation of a template: the provider reads the template's prompt, the
// offline writer streams what the template's offline composer writes (server/ai knows neither).
import { languageName } from "#app/features/marketplaces/registry.ts";
import { composeOffline } from "#app/templates/offline/compose.ts";
import type { TemplateDefinition, TemplateInputs } from "#app/templates/types.ts";
import { outputCount, type WriteRequest } from "#server/ai/writer.server.ts";

export function templateWriteRequest({
  template,
  inputs,
  count,
  languageCode,
}: {
  template: TemplateDefinition;
  inputs: TemplateInputs;
  count: number;
  /** The copy's language ("en", "de"): the prompt names it; the offline writer writes it (English when it cannot). */
  languageCode: string;
}): Pick<WriteRequest, "outputMode" | "count" | "prompt" | "finalize" | "offlineOutputs"> {
  return {
    outputMode: template.outputMode,
    count,
    prompt: ({ count: asked, format }) => template.buildPrompt({ inputs, count: asked, language: languageName(languageCode), format }),
    finalize: template.finalize,
    offlineOutputs: () => composeOffline(template.id, inputs, count, outputCount(template, count), languageCode),
  };
}
