import { IconFileDescription } from "@tabler/icons-react";
import { listInstruction, systemMessage, toneInstruction } from "./rules.ts";
import { countField, productNameField, textAreaLimit, toneField } from "./shared-fields.ts";
import type { TemplateDefinition } from "./types.ts";

export const descriptionTemplate: TemplateDefinition<"description"> = {
  id: "description",
  slug: "descriptionGenerator",
  templateType: "Product Description",
  category: "listing",
  icon: IconFileDescription,
  name: { en: "Product Description", es: "Descripción de producto", de: "Produktbeschreibung", fr: "Description de produit" },
  title: { en: "Amazon Product Description (paragraph)", es: "Descripción de producto para Amazon (párrafo)", de: "Amazon-Produktbeschreibung (Absatz)", fr: "Description de produit Amazon (paragraphe)" },
  description: {
    en: "A persuasive paragraph that sells your product's benefits.",
    es: "Un párrafo persuasivo que vende los beneficios de tu producto.",
    de: "Ein überzeugender Absatz, der die Vorteile Ihres Produkts verkauft.",
    fr: "Un paragraphe persuasif qui met en valeur les avantages de votre produit.",
  },
  fields: [
    productNameField,
    {
      name: "keyBenefitsFeatures",
      kind: "textarea",
      label: { en: "Key benefits / features", es: "Beneficios / características clave", de: "Wichtigste Vorteile / Merkmale", fr: "Principaux avantages / caractéristiques" },
      placeholder: {
        en: "What makes it worth buying? One per line works well.",
        es: "¿Por qué merece la pena? Uno por línea funciona bien.",
        de: "Was macht es kaufenswert? Am besten eines pro Zeile.",
        fr: "Qu’est-ce qui donne envie de l’acheter ? Idéalement, un par ligne.",
      },
      required: true,
      maxLength: textAreaLimit,
    },
    toneField,
    countField("numberOutputs"),
  ],
  outputMode: "split",
  buildPrompt: ({ inputs, count, language, format }) => ({
    system: systemMessage("You are an expert Amazon listing copywriter.", language, [
      toneInstruction(inputs.toneOfVoice),
      "Each description is one paragraph of 80 to 150 words that leads with the main benefit, weaves in the features, and reads naturally.",
    ]),
    prompt: [
      listInstruction(count, "product description", "product descriptions", format),
      `Product name: ${inputs.productName}`,
      `Key benefits and features: ${inputs.keyBenefitsFeatures}`,
    ].join("\n"),
  }),
};
