import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { IconSparkles } from "@tabler/icons-react";
import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { FactsFields } from "#app/features/listings/facts-form.tsx";
import { factsFieldErrors } from "#app/features/listings/facts-errors.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { createListing } from "#app/features/listings/listings.server.ts";
import { listingFactsSchema, type ListingFacts } from "#app/features/listings/types.ts";
import { MarketplaceSelect } from "#app/features/marketplaces/marketplace-select.tsx";
import { getMarketplace, languageIn, marketplaces, offlineLanguages, ruleSetFor } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { languageLabel } from "#app/features/marketplaces/marketplace-select.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { getLocale } from "#app/i18n/locale.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-new";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "listings.new.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { config } = getServices();
  const { ruleSetId, marketplaces: stores } = await getListingSettings({ db: getServices().db, workspaceId: membership.workspaceId });
  return { marketplace: stores[0]!, stores, ruleSetId, offline: config.ai.offline };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const form = await request.formData();
  const raw = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const parsed = listingFactsSchema.safeParse(raw);
  const marketplace = getMarketplace(raw.marketplace ?? "amazon.com");
  if (!parsed.success || !marketplace) {
    const errors = parsed.success ? {} : factsFieldErrors(parsed.error, getLocale(request));
    if (!marketplace) errors.marketplace = translate(getLocale(request), "api.error.unknownMarketplace", { name: String(raw.marketplace).slice(0, 100) });
    return actionFailure("INVALID_INPUTS", { fieldErrors: errors });
  }
  const { db } = getServices();
  const { ruleSetId } = await getListingSettings({ db, workspaceId: membership.workspaceId });
  const languageTag = marketplace.languages.some((language) => language.tag === raw.language) ? raw.language! : null;
  const listing = await createListing({ db, workspaceId: membership.workspaceId, userId: user.id, marketplace: marketplace.id, ruleSetId: ruleSetFor(marketplace, ruleSetId), facts: parsed.data, languageTag });
  // The builder starts writing when it sees ?write=1 (and drops it from the address).
  return redirect(`/listings/${listing.id}?write=1`);
}

const blank: ListingFacts = { brand: "", productName: "", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" };

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [values, setValues] = useState<ListingFacts>(blank);
  const [marketplaceId, setMarketplaceId] = useState(loaderData.marketplace);
  const marketplace = getMarketplace(marketplaceId) ?? marketplaces[0]!;
  const [languageTag, setLanguageTag] = useState<string | null>(null);
  const language = languageIn(marketplace, languageTag);
  const ruleSetName = getRuleSet(ruleSetFor(marketplace, loaderData.ruleSetId))?.name ?? "";
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Anchor component={Link} to="/listings" size="sm">
          ← {t("listings.title")}
        </Anchor>
        <Title order={1}>{t("listings.new.title")}</Title>
        <Text c="dimmed">{t("listings.new.subtitle", { marketplace: marketplace.id, ruleSet: ruleSetName })}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <Form method="post" aria-label={t("listings.new.formLabel")}>
          <Stack gap="lg">
            <MarketplaceSelect
              value={marketplaceId}
              stores={loaderData.stores}
              onChange={(id) => {
                setMarketplaceId(id);
                setLanguageTag(null);
              }}
              error={actionData?.fieldErrors?.marketplace}
            />
            {marketplace.languages.length > 1 && (
              <NativeSelect
                name="language"
                label={t("listings.fact.language")}
                value={language.tag}
                onChange={(event) => setLanguageTag(event.currentTarget.value)}
                data={marketplace.languages.map((option) => ({ value: option.tag, label: languageLabel(option.language, locale) }))}
                maw={420}
              />
            )}
            {loaderData.offline && !offlineLanguages.has(language.language) && (
              <Alert color="yellow" variant="light" role="status">
                {t("listings.offlineEnglish", { language: languageLabel(language.language, locale) })}
              </Alert>
            )}
            <FactsFields values={values} errors={actionData?.fieldErrors} onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
            <Group>
              <Button type="submit" leftSection={<IconSparkles size={16} aria-hidden />} loading={submitting}>
                {t("listings.new.submit")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
