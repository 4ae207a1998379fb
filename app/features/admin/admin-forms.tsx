import { Text } from "@mantine/core";
import { SelectField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { IntentForm } from "#app/components/form/intent-form.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import { billingPeriods, getPlan, isPlanId, type BillingPeriod } from "#app/lib/plans.ts";
import { grantWordsSchema, maxGrantWords, operatorPlans, setPlanSchema, type OperatorPlan } from "./schemas.ts";

/** What the page's action answers: field errors and a toast on failure, a notice on success. */
export type AdminActionResult = FormFailure & { intent?: "grantWords" | "setPlan"; saved?: "admin.notice.granted" | "admin.notice.planSet"; savedParams?: Record<string, string | number> };

/** The action's answer for this form only (each form has its own intent). */
const resultFor = (intent: AdminActionResult["intent"], result: AdminActionResult | undefined) => (result && result.intent === intent && !result.saved ? result : undefined);

export function GrantWordsForm({ workspaceId, result }: { workspaceId: string; result: AdminActionResult | undefined }) {
  const { t, locale } = useI18n();
  return (
    <IntentForm schema={grantWordsSchema} intent="grantWords" hidden={{ workspaceId }} result={resultFor("grantWords", result)} titleId="grant-title" title={t("admin.grant.title")}>
      <TextField
        name="words"
        label={t("admin.grant.words")}
        description={t("admin.grant.wordsHelp", { max: maxGrantWords.toLocaleString(intlTag(locale)) })}
        inputMode="numeric"
        autoComplete="off"
        required
        withAsterisk
      />
      <SubmitButton style={{ alignSelf: "flex-start" }}>{t("admin.grant.submit")}</SubmitButton>
    </IntentForm>
  );
}

export function SetPlanForm({ workspaceId, current, result }: { workspaceId: string; current: { plan: OperatorPlan; period: BillingPeriod }; result: AdminActionResult | undefined }) {
  const { t } = useI18n();
  const planName = (plan: OperatorPlan) => (isPlanId(plan) ? t(getPlan(plan).name) : t("admin.plan.none"));
  return (
    <IntentForm schema={setPlanSchema} intent="setPlan" hidden={{ workspaceId }} result={resultFor("setPlan", result)} titleId="plan-title" title={t("admin.plan.title")}>
      <SelectField name="plan" label={t("admin.plan.plan")} defaultValue={current.plan} data={operatorPlans.map((plan) => ({ value: plan, label: planName(plan) }))} />
      <SelectField
        name="period"
        label={t("pricing.period.label")}
        defaultValue={current.period}
        data={billingPeriods.map((period) => ({ value: period, label: t(period === "monthly" ? "pricing.period.monthly" : "pricing.period.yearly") }))}
      />
      <Text size="xs" c="dimmed">
        {t("admin.plan.help")}
      </Text>
      <SubmitButton style={{ alignSelf: "flex-start" }}>{t("admin.plan.submit")}</SubmitButton>
    </IntentForm>
  );
}
