import { handleImportList, handleImportStart } from "#app/features/amazon/import/import-api.server.ts";
import { importApiContext } from "#app/features/amazon/import/import-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/amazon-imports";

/** GET /api/amazon/imports → {imports}. */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleImportList(importApiContext(request, context));
}

/** POST /api/amazon/imports {connectionId, marketplaceId?} → 202 {import}. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, POST" });
  return handleImportStart(importApiContext(request, context));
}
