import { getUser } from "#app/features/auth/session.server.ts";
import { handleListingLocalize } from "#app/features/listings/listings-api.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-localize";

/** POST /api/listings/:id/localize {marketplace, keywords?} → 201 {listing}: a sibling for another store. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const requestId = context.get(requestContext).requestId;
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId, allow: "POST" });
  return handleListingLocalize({ request, user: getUser(context), locale: getLocale(request), requestId, db: getServices().db, id: params.id });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
