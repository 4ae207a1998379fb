import { getUser } from "#app/features/auth/session.server.ts";
import { handleBankPut } from "#app/features/listings/listing-keywords-api.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-keywords";

/** PUT /api/listings/:id/keywords {keywords} → {keywords}: the listing's keyword bank replaced. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const requestId = context.get(requestContext).requestId;
  if (request.method !== "PUT") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId, allow: "PUT" });
  return handleBankPut({ request, user: getUser(context), locale: getLocale(request), requestId, db: getServices().db, id: params.id });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "PUT" });
}
