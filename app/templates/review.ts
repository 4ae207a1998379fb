import { IconStars } from "@tabler/icons-react";
import { listInstruction, ratingStars, systemMessage, toneInstruction } from "./rules.ts";
import { countField, productNameField, ratingField, toneField } from "./shared-fields.ts";
import type { TemplateDefinition } from "./types.ts";

export const reviewTemplate: TemplateDefinition<"review"> = {
  id: "review",
  slug: "reviewGenerator",
  templateType: "Reviews",
  category: "reviews",
  icon: IconStars,
  name: { en: "Reviews", es: "Reseñas", de: "Bewertungen", fr: "Avis" },
  title: { en: "Product Reviews", es: "Reseñas de producto", de: "Produktbewertungen", fr: "Avis sur le produit" },
  description: {
    en: "Sample customer reviews at the rating you choose, to test how buyers talk.",
    es: "Reseñas de ejemplo con la valoración que elijas, para ver cómo hablan los compradores.",
    de: "Beispielbewertungen mit der Sternezahl Ihrer Wahl – so sehen Sie, wie Käufer sprechen.",
    fr: "Des exemples d’avis clients avec la note de votre choix, pour voir comment s’expriment les acheteurs.",
  },
  fields: [productNameField, toneField, ratingField, countField("numberOutputs")],
  outputMode: "split",
  buildPrompt: ({ inputs, count, language, format }) => {
    const stars = ratingStars(inputs.rating);
    return {
      system: systemMessage("You write realistic customer reviews of products sold on Amazon.", language, [
        toneInstruction(inputs.toneOfVoice),
        `Each review reflects a ${stars}-star rating out of 5 in its sentiment, is 40 to 100 words long, and mentions concrete use of the product.`,
        "Do not invent a reviewer name and do not write the star count in the text.",
      ]),
      prompt: [listInstruction(count, "review", "reviews", format), `Product name: ${inputs.productName}`, `Rating: ${stars} of 5 stars`].join("\n"),
    };
  },
};
