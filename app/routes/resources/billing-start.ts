import { apiErrorResponse, methodNotAllowedResponse } from "#app/lib/errors.ts";
import { redirect } from "react-router";
import { getUser } from "#app/features/auth/session.server.ts";
import { isBillingPeriod, isPlanId } from "#app/lib/plans.ts";
import { startCheckout } from "#app/features/billing/stripe.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { requestContext } from "#server/context.ts";
import { logger } from "#server/logger.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/billing-start";

/**
 * GET /billing/start?plan=pro&period=yearly: the pricing page's 'Start Now'. Guests sign up first and
 * land on billing with their choice; a signed-in owner goes to Stripe Checkout when payments are set
 * up; everyone else sees billing, which says how to get that plan.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const plan = url.searchParams.get("plan");
  const period = url.searchParams.get("period") ?? "monthly";
  if (!isPlanId(plan) || !isBillingPeriod(period)) {
    return apiErrorResponse("UNKNOWN_PLAN", { locale: getLocale(request), requestId: context.get(requestContext).requestId });
  }
  const choice = `plan=${plan}&period=${period}`;
  const billing = `/settings/billing?${choice}`;
  const user = getUser(context);
  if (!user) return redirect(`/sign-up?${choice}&redirectTo=${encodeURIComponent(billing)}`, 303);
  const { db, config } = getServices();
  if (!config.billing.stripe) return redirect(billing, 303);
  const membership = await getActiveMembership({ db, user });
  if (membership.role !== "owner") return redirect(billing, 303);
  try {
    const { url: next } = await startCheckout({ db, config, workspaceId: membership.workspaceId, email: user.email, plan, period, locale: getLocale(request) });
    return redirect(next, 303);
  } catch (error) {
    logger.error({ err: error, requestId: context.get(requestContext).requestId }, "could not start a Stripe checkout");
    return redirect(`${billing}&checkout=failed`, 303);
  }
}

/** A link, not a form: a POST (or any method with a body) is a 405 from the error catalogue. */
export async function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, HEAD" });
}
