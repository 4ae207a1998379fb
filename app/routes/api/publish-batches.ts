import { handleBulkStart } from "#app/features/publish/bulk-publish-api.server.ts";
import { publishApiContext } from "#app/features/publish/publish-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/publish-batches";

/** POST /api/publish-batches {listingIds} → 202 {batches, skipped} (issue 34 item 3). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleBulkStart(publishApiContext(request, context, ""));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
