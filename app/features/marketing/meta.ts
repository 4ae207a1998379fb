import { translate, type Locale, type MessageKey } from "~/i18n/i18n.ts";

interface RootMatch {
  loaderData?: { locale?: Locale } | unknown;
}

/** Title and description tags for a public page, in the page's language. */
export function pageMeta(matches: readonly (RootMatch | undefined)[], title: MessageKey, description?: MessageKey) {
  const rootData = matches[0]?.loaderData as { locale?: Locale } | undefined;
  const locale = rootData?.locale ?? "en";
  const tags: ({ title: string } | { name: string; content: string })[] = [{ title: translate(locale, title) }];
  if (description) tags.push({ name: "description", content: translate(locale, description) });
  return tags;
}
