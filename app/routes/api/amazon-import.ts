import { handleImportGet } from "#app/features/amazon/import/import-api.server.ts";
import { importApiContext } from "#app/features/amazon/import/import-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/amazon-import";

/** GET /api/amazon/imports/:id → {import}. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleImportGet({ ...importApiContext(request, context), id: params.id });
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET" });
}
