import { getUser } from "#app/features/auth/session.server.ts";
import { handleListingCreate, handleListingsList } from "#app/features/listings/listings-api.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listings";

function apiContext(request: Request, context: Route.ActionArgs["context"]) {
  return { request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db: getServices().db };
}

/** POST /api/listings {marketplace?, facts} → 201 {listing} (README "Listings"). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, POST" });
  return handleListingCreate(apiContext(request, context));
}

/** GET /api/listings?q=&cursor= → {items, nextCursor}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleListingsList(apiContext(request, context));
}
