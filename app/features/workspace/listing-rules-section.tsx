import type { CSSProperties } from "react";
import { Alert, Anchor, Badge, Group, MultiSelect, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { languageLabel } from "#app/features/marketplaces/marketplace-select.tsx";
import { marketplaces } from "#app/features/marketplaces/registry.ts";
import { IconInfoCircle } from "@tabler/icons-react";
import { SubmitButton } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { useFormState, ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { ruleSets } from "#app/features/rules/registry.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { listingRulesSchema, maxOtherBrands } from "./listing-rules-schema.ts";

/** Settings → workspace: which Amazon rules new listings follow, and the brands never to use. */
export function ListingRulesSection({ ruleSetId, otherBrands, stores, canChange, result }: { ruleSetId: string; otherBrands: string[]; stores: string[]; canChange: boolean; result: FormFailure | null }) {
  const { t } = useI18n();
  return (
    <SectionCard titleId="listing-rules-title" title={t("listings.settings.title")}>
      <Stack gap="md">
        {!canChange ? (
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t("listings.settings.ownerOnly")}
          </Alert>
        ) : null}
        <ValidatedForm schema={listingRulesSchema} result={result} preventScrollReset>
          <input type="hidden" name="intent" value="listingRules" />
          <Fields ruleSetId={ruleSetId} otherBrands={otherBrands} stores={stores} canChange={canChange} />
        </ValidatedForm>
      </Stack>
    </SectionCard>
  );
}

function Fields({ ruleSetId, otherBrands, stores, canChange }: { ruleSetId: string; otherBrands: string[]; stores: string[]; canChange: boolean }) {
  const { t, locale } = useI18n();
  const field = useFormState();
  const [chosen, setChosen] = useState(stores);
  return (
    <Stack gap="md">
      <MultiSelect
        name="marketplaces"
        label={t("listings.settings.marketplaces")}
        description={t("listings.settings.marketplacesHint")}
        data={marketplaces.map((marketplace) => ({ value: marketplace.id, label: `${marketplace.id} (${marketplace.languages.map((language) => languageLabel(language.language, locale)).join(", ")})` }))}
        value={chosen}
        onChange={(next) => {
          setChosen(next);
          field.touch("marketplaces");
        }}
        error={field.errorFor("marketplaces")}
        disabled={!canChange}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Radio.Group name="ruleSetId" label={t("listings.settings.ruleSet")} description={t("listings.settings.ruleSetHint")} defaultValue={ruleSetId} error={field.errorFor("ruleSetId")} onChange={() => field.touch("ruleSetId")}>
        <Stack gap="sm" mt="xs">
          {ruleSets.map((ruleSet) => (
            <Radio
              key={ruleSet.id}
              value={ruleSet.id}
              disabled={!canChange}
              label={
                <Group gap={6}>
                  <span>{ruleSet.name}</span>
                  <Badge size="xs" variant="light" color={ruleSet.source.confidence === "official" ? "brand" : "yellow"} style={{ "--badge-color": ruleSet.source.confidence === "official" ? "var(--mantine-color-brand-9)" : "var(--mantine-color-dark-7)" } as CSSProperties}>
                    {t(ruleSet.source.confidence === "official" ? "listings.settings.official" : "listings.settings.reported")}
                  </Badge>
                </Group>
              }
              description={
                <Text span size="xs" c="dimmed">
                  {t("listings.settings.effective", { date: ruleSet.effectiveFrom, title: ruleSet.sections.title.limits.maxChars ?? 0 })}{" "}
                  <Anchor href={ruleSet.source.url} target="_blank" rel="noreferrer" size="xs" underline="always">
                    {t("listings.settings.source")}
                  </Anchor>
                </Text>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        name="otherBrands"
        label={t("listings.settings.otherBrands")}
        description={t("listings.settings.otherBrandsHint", { max: maxOtherBrands })}
        defaultValue={otherBrands.join("\n")}
        autosize
        minRows={3}
        maxRows={10}
        disabled={!canChange}
        error={field.errorFor("otherBrands")}
        onChange={() => field.touch("otherBrands")}
      />
      {canChange ? <SubmitButton style={{ alignSelf: "flex-start" }}>{t("listings.settings.save")}</SubmitButton> : null}
    </Stack>
  );
}
