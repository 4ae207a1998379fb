import { Stack, Switch, Text } from "@mantine/core";
import { SubmitButton } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { twoFactorRequirementSchema } from "./two-factor-schemas.ts";

/** Settings → Workspace: the owner's switch that requires two-factor of every member. */
export function TwoFactorRequirementSection({ required, canChange, result }: { required: boolean; canChange: boolean; result: FormFailure | null }) {
  const { t } = useI18n();
  return (
    <SectionCard titleId="security-title" title={t("account.twoFactor.workspace.title")}>
      <ValidatedForm schema={twoFactorRequirementSchema} result={result} preventScrollReset>
        <input type="hidden" name="intent" value="twoFactorRequirement" />
        <Stack gap="md">
          <Switch name="required" value="on" defaultChecked={required} disabled={!canChange} label={t("account.twoFactor.workspace.label")} description={t("account.twoFactor.workspace.description")} />
          {canChange ? <SubmitButton style={{ alignSelf: "flex-start" }}>{t("account.twoFactor.workspace.save")}</SubmitButton> : <Text size="sm" c="dimmed">{t("workspace.details.ownerOnly")}</Text>}
        </Stack>
      </ValidatedForm>
    </SectionCard>
  );
}
