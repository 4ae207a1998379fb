import { handleBulkBatch } from "#app/features/publish/bulk-publish-api.server.ts";
import { publishApiContext } from "#app/features/publish/publish-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/publish-batch";

/** GET /api/publish-batches/:id → {batch} (issue 34 item 3). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleBulkBatch(publishApiContext(request, context, params.id));
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET" });
}
