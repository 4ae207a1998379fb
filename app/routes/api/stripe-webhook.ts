import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { handleStripeWebhook } from "#app/features/billing/stripe-webhook.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** POST /api/stripe/webhook: Stripe's events, signature-checked (see app/features/billing/stripe-webhook.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices();
  return handleStripeWebhook({ request, db, config, locale: getLocale(request), requestId: context.get(requestContext).requestId });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
