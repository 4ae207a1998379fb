import type { Locale } from "#app/i18n/i18n.ts";
import { getTemplateById } from "#app/templates/registry.ts";

/** A saved output's template type as shown on cards; outputs of a removed template keep their id. */
export function templateTypeLabel(templateId: string, locale: Locale): string {
  const template = getTemplateById(templateId);
  return template ? template.name[locale] : templateId;
}
