import type { ReactNode } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import { billingPeriods, type BillingPeriod } from "#app/lib/plans.ts";
import classes from "./billing-period-toggle.module.css";

const labels = { monthly: "pricing.period.monthly", yearly: "pricing.period.yearly" } as const satisfies Record<BillingPeriod, string>;

/**
 * Monthly or yearly prices on /pricing without JavaScript: two radio buttons (styled like Mantine's
 * SegmentedControl), and CSS in the surrounding <BillingPeriodScope> shows what <ForPeriod> wraps for the
 * checked one only. The page is not hydrated (docs/decisions/022); the browser keeps the choice on back/forward.
 */
export function BillingPeriodToggle() {
  const { t } = useI18n();
  return (
    <div role="radiogroup" aria-label={t("pricing.period.label")} className={classes.control}>
      {billingPeriods.map((period) => (
        <label key={period} className={classes.option}>
          <input type="radio" name="billing-period" value={period} defaultChecked={period === "monthly"} className={classes.input} />
          <span>{t(labels[period])}</span>
        </label>
      ))}
    </div>
  );
}

/** Holds the toggle and everything that depends on it. */
export function BillingPeriodScope({ children }: { children: ReactNode }) {
  return <div className={classes.scope}>{children}</div>;
}

/** Shown only while `period` is the checked billing period (monthly when the browser lacks `:has()`). */
export function ForPeriod({ period, children }: { period: BillingPeriod; children: ReactNode }) {
  return (
    <span data-period={period} className={classes.forPeriod}>
      {children}
    </span>
  );
}
