import { NativeSelect } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import type { Locale } from "#app/i18n/i18n.ts";
import { marketplaces } from "./registry.ts";

/** "German", "alemán": a language's name in the page's language. */
export function languageLabel(language: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}

function countryLabel(country: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** The store a listing is for: "amazon.de · Germany (German)". A plain select, so it works before the page is interactive. */
export function MarketplaceSelect({ value, stores = [], onChange, error, label, description }: { value: string; stores?: readonly string[]; onChange(id: string): void; error?: string; label?: string; description?: string }) {
  const { t, locale } = useI18n();
  // The workspace's stores first (in its order), then every other store.
  const ordered = [...stores.flatMap((id) => marketplaces.filter((marketplace) => marketplace.id === id)), ...marketplaces.filter((marketplace) => !stores.includes(marketplace.id))];
  return (
    <NativeSelect
      name="marketplace"
      label={label ?? t("listings.fact.marketplace")}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data={ordered.map((marketplace) => ({
        value: marketplace.id,
        label: `${marketplace.id} · ${countryLabel(marketplace.country, locale)} (${marketplace.languages.map((language) => languageLabel(language.language, locale)).join(", ")})`,
      }))}
      maw={420}
    />
  );
}
