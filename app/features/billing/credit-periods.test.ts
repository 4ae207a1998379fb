import { describe, expect, it } from "vitest";
import { addMonths, currentCreditPeriod, planStateOf, type WorkspaceBillingRow } from "./credits.server.ts";

const workspace = (fields: Partial<WorkspaceBillingRow> = {}): WorkspaceBillingRow => ({
  plan: "trial",
  trialEndsAt: "2026-03-08T12:00:00.000Z",
  periodStart: "2026-03-01T12:00:00.000Z",
  periodEnd: null,
  billingPeriod: "monthly",
  stripeSubscriptionId: null,
  subscriptionStatus: null,
  cancelAtPeriodEnd: 0,
  ...fields,
});

describe("addMonths", () => {
  it("keeps the day of the month, or the month's last day when it is shorter", () => {
    expect(addMonths("2026-01-31T10:00:00.000Z", 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths("2026-01-31T10:00:00.000Z", 2).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(addMonths("2028-01-31T00:00:00.000Z", 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths("2026-05-15T08:30:00.000Z", 12).toISOString()).toBe("2027-05-15T08:30:00.000Z");
  });
});

describe("currentCreditPeriod", () => {
  it("is the trial with the trial allowance until it ends, then an open period with none", () => {
    expect(currentCreditPeriod(workspace(), new Date("2026-03-05T00:00:00Z"), 2000)).toEqual({ start: "2026-03-01T12:00:00.000Z", end: "2026-03-08T12:00:00.000Z", allowance: 2000 });
    expect(currentCreditPeriod(workspace(), new Date("2026-03-08T12:00:00Z"), 2000)).toEqual({ start: "2026-03-08T12:00:00.000Z", end: null, allowance: 0 });
  });

  it("steps an operator-set plan monthly or yearly from its start", () => {
    const starter = workspace({ plan: "starter", periodStart: "2026-01-31T10:00:00.000Z" });
    expect(currentCreditPeriod(starter, new Date("2026-04-01T00:00:00Z"))).toEqual({ start: "2026-03-31T10:00:00.000Z", end: "2026-04-30T10:00:00.000Z", allowance: 5000 });
    expect(currentCreditPeriod(starter, new Date("2026-01-31T10:00:00Z"))).toEqual({ start: "2026-01-31T10:00:00.000Z", end: "2026-02-28T10:00:00.000Z", allowance: 5000 });
    const yearly = workspace({ plan: "enterprise", billingPeriod: "yearly", periodStart: "2024-06-01T00:00:00.000Z" });
    expect(currentCreditPeriod(yearly, new Date("2026-07-01T00:00:00Z"))).toEqual({ start: "2026-06-01T00:00:00.000Z", end: "2027-06-01T00:00:00.000Z", allowance: 50_000 });
  });

  it("keeps Stripe's period as Stripe set it, even when the renewal webhook is late", () => {
    const paid = workspace({ plan: "pro", stripeSubscriptionId: "sub_1", periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-04-01T00:00:00.000Z" });
    expect(currentCreditPeriod(paid, new Date("2026-04-02T00:00:00Z"))).toEqual({ start: "2026-03-01T00:00:00.000Z", end: "2026-04-01T00:00:00.000Z", allowance: 20_000 });
  });

  it("gives no allowance without a plan", () => {
    expect(currentCreditPeriod(workspace({ plan: "none", periodStart: "2026-05-01T00:00:00.000Z" }), new Date("2026-06-01T00:00:00Z"))).toEqual({ start: "2026-05-01T00:00:00.000Z", end: null, allowance: 0 });
  });
});

describe("planStateOf", () => {
  it("counts the trial's days left from real dates", () => {
    expect(planStateOf(workspace(), new Date("2026-03-01T12:00:00Z"))).toEqual({ kind: "trial", daysLeft: 7, endsAt: "2026-03-08T12:00:00.000Z" });
    expect(planStateOf(workspace(), new Date("2026-03-08T11:00:00Z"))).toMatchObject({ kind: "trial", daysLeft: 1 });
    expect(planStateOf(workspace(), new Date("2026-03-09T00:00:00Z"))).toEqual({ kind: "trialEnded", endedAt: "2026-03-08T12:00:00.000Z" });
  });

  it("says when a paid plan renews, whether it will, and whether the last payment failed", () => {
    const paid = workspace({ plan: "pro", billingPeriod: "yearly", stripeSubscriptionId: "sub_1", periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2027-03-01T00:00:00.000Z", cancelAtPeriodEnd: 1, subscriptionStatus: "past_due" });
    expect(planStateOf(paid, new Date("2027-02-19T00:00:00Z"))).toEqual({
      kind: "paid",
      planId: "pro",
      period: "yearly",
      renewsAt: "2027-03-01T00:00:00.000Z",
      daysLeft: 10,
      cancelAtPeriodEnd: true,
      paymentFailed: true,
      viaStripe: true,
    });
    expect(planStateOf(workspace({ plan: "none", periodStart: "2026-05-01T00:00:00.000Z" }))).toEqual({ kind: "none", since: "2026-05-01T00:00:00.000Z" });
  });
});
