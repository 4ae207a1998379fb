import { handleJobAction } from "#app/features/jobs/jobs-api.server.ts";
import { jobsApiContext } from "#app/features/jobs/jobs-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/job-action";

/** POST /api/jobs/:id/pause|resume|cancel|retry-failed → {job, changed}. */
export function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleJobAction({ ...jobsApiContext(request, context), id: params.id, action: params.action });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
