import { handleAmazonLink } from "#app/features/publish/publish-api.server.ts";
import { publishApiContext } from "#app/features/publish/publish-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/listing-amazon-link";

/** POST /api/listings/:id/amazon-link {store, sku} → 200 {link} (issue 34). */
export function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleAmazonLink(publishApiContext(request, context, params.id));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
