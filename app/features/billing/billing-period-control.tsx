import { SegmentedControl } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import type { BillingPeriod } from "#app/lib/plans.ts";

/** Monthly or yearly prices: on /pricing and in the plan chooser. */
export function BillingPeriodControl({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { t } = useI18n();
  return (
    <SegmentedControl
      aria-label={t("pricing.period.label")}
      value={value}
      onChange={(next) => onChange(next === "yearly" ? "yearly" : "monthly")}
      data={[
        { value: "monthly", label: t("pricing.period.monthly") },
        { value: "yearly", label: t("pricing.period.yearly") },
      ]}
    />
  );
}
