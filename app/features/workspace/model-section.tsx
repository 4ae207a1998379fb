import { Alert, Loader, Select, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { Suspense, useState } from "react";
import { Await } from "react-router";
import { SubmitButton } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { useFormState, ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import type { AiProviderName } from "#server/ai/providers.server.ts";
import type { ProviderModels } from "./ai-model.server.ts";
import { modelSchema } from "./schemas.ts";

const providerNames = {
  openai: "workspace.model.provider.openai",
  "openai-compatible": "workspace.model.provider.openaiCompatible",
  anthropic: "workspace.model.provider.anthropic",
  offline: "workspace.model.provider.offline",
} satisfies Record<AiProviderName, MessageKey>;

export interface ModelSettings {
  provider: AiProviderName;
  /** The built-in offline writer answers (no provider configured). */
  offline: boolean;
  /** The configured default (AI_MODEL or the provider's default): always usable. */
  defaultModel: string;
  /** What the workspace writes with now. */
  model: string;
}

/** The workspace's AI model: owners pick from the provider's list; members see it. */
export function ModelSection({ settings, models, canChange, result }: { settings: ModelSettings; models: Promise<ProviderModels>; canChange: boolean; result: FormFailure | null }) {
  const { t } = useI18n();
  const provider = t(providerNames[settings.provider]);
  return (
    <SectionCard titleId="model-title" title={t("workspace.model.title")}>
      <Stack gap="md">
        <Text size="sm">{settings.offline ? t("workspace.model.offline") : t("workspace.model.intro", { provider })}</Text>
        {!canChange ? (
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t("workspace.model.ownerOnly")}
          </Alert>
        ) : null}
        <Suspense
          fallback={
            <Text size="sm" c="dimmed" role="status">
              <Loader size="xs" mr="xs" aria-hidden />
              {t("workspace.model.loading", { provider })}
            </Text>
          }
        >
          <Await resolve={models}>{(list) => <ModelForm settings={settings} list={list} provider={provider} canChange={canChange} result={result} />}</Await>
        </Suspense>
      </Stack>
    </SectionCard>
  );
}

function ModelForm({ settings, list, provider, canChange, result }: { settings: ModelSettings; list: ProviderModels; provider: string; canChange: boolean; result: FormFailure | null }) {
  const { t } = useI18n();
  const offered = list.ok ? list.models : [];
  const picked = settings.model !== settings.defaultModel;
  const notOffered = list.ok && picked && !offered.some((m) => m.id === settings.model);
  // The default first (always usable, even when the list cannot be read), then the workspace's pick when
  // the list does not hold it (or could not be read), then the provider's models.
  const options = [
    { value: settings.defaultModel, label: t("workspace.model.defaultOption", { model: settings.defaultModel }) },
    ...(picked && !offered.some((m) => m.id === settings.model) ? [{ value: settings.model, label: settings.model }] : []),
    ...offered.filter((m) => m.id !== settings.defaultModel).map((m) => ({ value: m.id, label: m.label === m.id ? m.id : `${m.label} (${m.id})` })),
  ];
  return (
    <Stack gap="md">
      {!list.ok ? (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          {t("workspace.model.listUnavailable", { provider })}
        </Alert>
      ) : null}
      {notOffered ? (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          {t("workspace.model.notOffered", { model: settings.model })}
        </Alert>
      ) : null}
      <ValidatedForm schema={modelSchema} result={result} preventScrollReset>
        <input type="hidden" name="intent" value="model" />
        <Stack gap="md">
          <ModelSelect options={options} initial={settings.model} disabled={!canChange} provider={provider} />
          {canChange ? <SubmitButton style={{ alignSelf: "flex-start" }}>{t("workspace.model.save")}</SubmitButton> : null}
        </Stack>
      </ValidatedForm>
    </Stack>
  );
}

function ModelSelect({ options, initial, disabled, provider }: { options: { value: string; label: string }[]; initial: string; disabled: boolean; provider: string }) {
  const { t } = useI18n();
  const field = useFormState();
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Select
      name="model"
      label={t("workspace.model.label")}
      description={disabled ? undefined : t("workspace.model.hint", { provider })}
      data={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        field.touch("model");
      }}
      error={field.errorFor("model")}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t("workspace.model.nothingFound")}
      maxDropdownHeight={280}
      disabled={disabled}
      maw={480}
    />
  );
}
