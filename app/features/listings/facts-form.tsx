import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import type { ChangeEvent } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { tones } from "#app/templates/types.ts";
import { factLimits, type ListingFacts } from "./types.ts";

type FactName = keyof ListingFacts;

const toneLabels: Record<(typeof tones)[number], MessageKey> = { Casual: "listings.tone.casual", Formal: "listings.tone.formal", Professional: "listings.tone.professional" };

/**
 * The product facts as form fields (named, so a plain form post works before the page is interactive).
 * Controlled: the builder keeps them with the copy and saves both as one version.
 */
export function FactsFields({ values, errors = {}, onChange, disabled = false, compact = false }: { values: ListingFacts; errors?: Partial<Record<FactName, string>>; onChange(name: FactName, value: string): void; disabled?: boolean; compact?: boolean }) {
  const { t } = useI18n();
  const counter = (name: keyof typeof factLimits) => (
    <Text component="span" size="xs" c={values[name].length >= factLimits[name] ? "red.8" : "dimmed"}>
      {t("generator.counter", { count: values[name].length, max: factLimits[name] })}
    </Text>
  );
  // What every free-text fact's field has: its name, texts, value, limit, error and state.
  const common = (name: keyof typeof factLimits) => ({
    name,
    label: t(`listings.fact.${name}`),
    placeholder: t(`listings.fact.${name}.placeholder`),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, event.currentTarget.value),
    maxLength: factLimits[name],
    error: errors[name],
    disabled,
  });
  const text = (name: keyof typeof factLimits, required = false) => <TextInput {...common(name)} withAsterisk={required} required={required} autoComplete="off" />;
  const area = (name: "keyFeatures" | "wordsToAvoid", minRows: number) => (
    <Textarea
      {...common(name)}
      autosize
      minRows={minRows}
      maxRows={10}
      description={counter(name)}
      inputWrapperOrder={["label", "input", "description", "error"]}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: compact ? 1 : 2 }} spacing="md">
        {text("brand", true)}
        {text("productName", true)}
        {text("productType")}
        {text("targetAudience")}
      </SimpleGrid>
      {area("keyFeatures", compact ? 3 : 5)}
      <SimpleGrid cols={{ base: 1, sm: compact ? 1 : 2 }} spacing="md">
        {area("wordsToAvoid", 2)}
        <Select
          name="tone"
          label={t("listings.fact.tone")}
          value={values.tone}
          onChange={(next) => next && onChange("tone", next)}
          data={tones.map((tone) => ({ value: tone, label: t(toneLabels[tone]) }))}
          allowDeselect={false}
          error={errors.tone}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </Stack>
  );
}
