import type { CatalogRef } from "#app/i18n/catalog-files.ts";
import { mergeCatalogs, readCatalog, translatorFor } from "#app/i18n/context.tsx";
import type { Locale, MessageKey, Messages, Translate } from "#app/i18n/i18n.ts";

interface RootMatch {
  loaderData?: { locale?: Locale; catalog?: CatalogRef } | unknown;
}

/**
 * `t` for a meta function: the root loader's language, and the catalog keys every matched loader sent
 * (the root's, and the signed-in layout's app-only ones). Meta runs outside the I18nProvider.
 */
export function metaTranslator(matches: readonly (RootMatch | undefined)[]): Translate {
  const rootData = matches[0]?.loaderData as { locale?: Locale } | undefined;
  let messages: Partial<Messages> | undefined;
  for (const match of matches) messages = mergeCatalogs(messages, readCatalog((match?.loaderData as { catalog?: CatalogRef } | undefined)?.catalog));
  return translatorFor(rootData?.locale ?? "en", messages);
}

/** Title and description tags for a public page, in the page's language. */
export function pageMeta(matches: readonly (RootMatch | undefined)[], title: MessageKey, description?: MessageKey) {
  const t = metaTranslator(matches);
  const tags: ({ title: string } | { name: string; content: string })[] = [{ title: t(title) }];
  if (description) tags.push({ name: "description", content: t(description) });
  return tags;
}
