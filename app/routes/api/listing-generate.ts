import { getUser } from "#app/features/auth/session.server.ts";
import { handleListingGenerate } from "#app/features/listings/listings-api.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-generate";

/** POST /api/listings/:id/generate {sections?} → text/event-stream (app/features/listings/listing-events.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, config, limiter } = getServices();
  return handleListingGenerate({ request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db, config, limiter, id: params.id });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
