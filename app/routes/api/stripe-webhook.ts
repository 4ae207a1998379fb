import { handleStripeWebhook } from "#app/features/billing/stripe-webhook.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** POST /api/stripe/webhook: Stripe's events, signature-checked (see app/features/billing/stripe-webhook.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices();
  return handleStripeWebhook({ request, db, config, requestId: context.get(requestContext).requestId });
}

export function loader() {
  return Response.json({ error: "Use POST.", code: "METHOD_NOT_ALLOWED" }, { status: 405, headers: { Allow: "POST" } });
}
