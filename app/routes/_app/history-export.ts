import { apiErrorResponse, methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { outputFilterSchema, readQuery, toOutputFilter } from "#app/features/outputs/outputs-api.server.ts";
import { exportFormats, exportOutputsResponse, type ExportFormat } from "#app/features/outputs/output-export.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/history-export";

/** GET /history/export?format=csv|txt&templateId&favorite&marketplace&language&q: every output of that filter, as a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const locale = getLocale(request);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "csv";
  const query = readQuery(outputFilterSchema, url, locale);
  const fieldErrors = {
    ...(query.ok ? {} : query.fieldErrors),
    ...((exportFormats as readonly string[]).includes(format) ? {} : { format: translate(locale, "outputs.error.badFormat") }),
  };
  if (!query.ok || Object.keys(fieldErrors).length > 0) {
    return apiErrorResponse("INVALID_QUERY", { locale, requestId: context.get(requestContext).requestId, details: { fieldErrors } });
  }
  const filter = toOutputFilter(query.data);
  return exportOutputsResponse({
    db: getServices().db,
    userId: user.id,
    filter,
    format: format as ExportFormat,
    locale,
    fileStem: filter.favorite ? "sellscribe-favorites" : "sellscribe-history",
  });
}

/** A download, not a form: a POST (or any method with a body) is a 405 from the error catalogue. */
export async function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, HEAD" });
}
