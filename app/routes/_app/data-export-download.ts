import { requireUser } from "#app/features/auth/session.server.ts";
import { handleDataExportDownload } from "#app/features/data-export/data-export-api.server.ts";
import { dataExportContext } from "#app/features/data-export/data-export-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/data-export-download";

/** GET /settings/data-export/:id/download?expires&signature → the ZIP, for its signed-in owner (signed out: sign in, then back here). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return handleDataExportDownload({ ...dataExportContext(request, context), user, id: params.id });
}

/** A download, not a form. */
export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, HEAD" });
}
