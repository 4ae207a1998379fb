import { apiErrorResponse, methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { exportCatalogCsv } from "#app/features/catalog/catalog.server.ts";
import { readCatalogFilter } from "#app/features/catalog/catalog-query.ts";
import { translate } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/catalog-export";

/** GET /catalog/export?rule&severity&store&min&max&changed&sort: the workspace's audit under those filters, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const locale = getLocale(request);
  const read = readCatalogFilter(new URL(request.url));
  if (!read.ok) {
    const message = translate(locale, "catalog.error.badFilter");
    return apiErrorResponse("INVALID_QUERY", { locale, requestId: context.get(requestContext).requestId, details: { fieldErrors: Object.fromEntries(read.fields.map((field) => [field, message])) } });
  }
  const { db, config } = getServices();
  const csv = await exportCatalogCsv({ db, workspaceId: membership.workspaceId, filter: read.filter, publicUrl: config.publicUrl });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="sellscribe-catalog-audit-${day}.csv"`, "Cache-Control": "no-store" },
  });
}

/** A download, not a form: a POST is a 405 from the error catalogue. */
export async function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, HEAD" });
}
