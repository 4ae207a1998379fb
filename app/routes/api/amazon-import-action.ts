import { handleImportAction } from "#app/features/amazon/import/import-api.server.ts";
import { importApiContext } from "#app/features/amazon/import/import-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/amazon-import-action";

/** POST /api/amazon/imports/:id/pause|resume → {import, changed}. */
export function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleImportAction({ ...importApiContext(request, context), id: params.id, action: params.action });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
