import { getUser } from "#app/features/auth/session.server.ts";
import { handleListingExport } from "#app/features/listings/listings-api.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-export";

/** GET /api/listings/:id/export?format=flatfile|json[&force=1] → the file, or 409 with the violations. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleListingExport({ request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db: getServices().db, id: params.id });
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET" });
}
