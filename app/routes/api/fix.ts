import { handleFixGet } from "#app/features/fixes/fixes-api.server.ts";
import { jobsApiContext } from "#app/features/jobs/jobs-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/fix";

/** GET /api/fixes/:id → {fix}: progress and each listing's row. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleFixGet({ ...jobsApiContext(request, context), id: params.id });
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET" });
}
