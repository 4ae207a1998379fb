// The BCP 47 tag Intl formatters use for each interface language.
import type { Locale } from "#app/i18n/i18n.ts";

const intlTags: Record<Locale, string> = { en: "en-US", es: "es-ES", de: "de-DE", fr: "fr-FR" };

export function intlTag(locale: Locale): string {
  return intlTags[locale];
}
