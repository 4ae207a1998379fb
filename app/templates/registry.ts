import { descriptionTemplate } from "./description.ts";
import { existingCopyTemplate } from "./existing-copy.ts";
import { keywordsTemplate } from "./keywords.ts";
import { productTitleTemplate } from "./product-title.ts";
import { reviewTemplate } from "./review.ts";
import type { Localized, TemplateCategory, TemplateDefinition } from "./types.ts";

const definitions = [descriptionTemplate, productTitleTemplate, reviewTemplate, existingCopyTemplate, keywordsTemplate] as const;

/** THE list of templates. Every page, form, validation, API check and history filter reads it. */
export const templates: readonly TemplateDefinition[] = definitions;

/** Every template's id: a table keyed by it (`satisfies Record<TemplateId, …>`) fails typecheck until it names a new template. */
export type TemplateId = (typeof definitions)[number]["id"];
// A template typed as plain `TemplateDefinition` (without its id) would widen TemplateId to string and
// quietly switch that check off: this line then fails typecheck instead.
const everyIdIsLiteral: string extends TemplateId ? "type each template as TemplateDefinition<\"its id\">" : true = true;
void everyIdIsLiteral;

export const categoryLabels: Record<TemplateCategory, Localized> = {
  listing: { en: "Listing copy", es: "Textos del anuncio", de: "Listing-Texte", fr: "Textes de fiche produit" },
  reviews: { en: "Reviews", es: "Reseñas", de: "Bewertungen", fr: "Avis" },
  rewriting: { en: "Rewriting", es: "Reescritura", de: "Überarbeitung", fr: "Réécriture" },
  seo: { en: "SEO", es: "SEO", de: "SEO", fr: "SEO" },
};

const byId = new Map(templates.map((t) => [t.id, t]));
const bySlug = new Map(templates.map((t) => [t.slug, t]));

export const templateIds = templates.map((t) => t.id);

export function isTemplateId(id: string): id is TemplateId {
  return byId.has(id);
}

export function getTemplateById(id: string): TemplateDefinition | undefined {
  return byId.get(id);
}

export function getTemplateBySlug(slug: string): TemplateDefinition | undefined {
  return bySlug.get(slug);
}

export function templatePath(template: Pick<TemplateDefinition, "slug">): string {
  return `/templates/${template.slug}`;
}
