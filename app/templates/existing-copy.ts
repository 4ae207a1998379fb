import { IconWand } from "@tabler/icons-react";
import { listInstruction, systemMessage } from "./rules.ts";
import { countField, textAreaLimit } from "./shared-fields.ts";
import type { TemplateDefinition } from "./types.ts";

export const existingCopyTemplate: TemplateDefinition<"existingCopy"> = {
  id: "existingCopy",
  slug: "existingCopyGenerator",
  templateType: "Existing Copy",
  category: "rewriting",
  icon: IconWand,
  name: { en: "Existing Copy", es: "Texto existente", de: "Bestehender Text", fr: "Texte existant" },
  title: { en: "Improve Existing Copy", es: "Mejorar un texto existente", de: "Bestehenden Text verbessern", fr: "Améliorer un texte existant" },
  description: {
    en: "Paste copy you have; get clearer, more persuasive rewrites.",
    es: "Pega tu texto y recibe versiones más claras y persuasivas.",
    de: "Fügen Sie Ihren Text ein und erhalten Sie klarere, überzeugendere Fassungen.",
    fr: "Collez votre texte et obtenez des versions plus claires et plus convaincantes.",
  },
  fields: [
    {
      name: "copy",
      kind: "textarea",
      label: { en: "Copy", es: "Texto", de: "Text", fr: "Texte" },
      placeholder: { en: "Paste the copy you want to improve.", es: "Pega el texto que quieres mejorar.", de: "Fügen Sie den Text ein, den Sie verbessern möchten.", fr: "Collez le texte que vous souhaitez améliorer." },
      required: true,
      maxLength: textAreaLimit,
    },
    countField("numberOutputs"),
  ],
  outputMode: "split",
  buildPrompt: ({ inputs, count, language, format }) => ({
    system: systemMessage("You are an expert Amazon listing editor who improves existing product copy.", language, [
      "Keep every fact of the original; fix grammar, cut filler, lead with benefits, and keep a similar length.",
    ]),
    prompt: [listInstruction(count, "improved version", "improved versions", format), "Copy to improve:", inputs.copy ?? ""].join("\n"),
  }),
};
