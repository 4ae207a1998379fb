import { handlePublications } from "#app/features/publish/publish-api.server.ts";
import { publishApiContext } from "#app/features/publish/publish-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/listing-publications";

/** GET /api/listings/:id/publications[?format=csv] → {publications, link, mayPublish}, or the audit log as CSV (issue 34). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return handlePublications(publishApiContext(request, context, params.id));
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET" });
}
