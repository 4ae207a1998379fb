import { handleJobPreview } from "#app/features/jobs/jobs-api.server.ts";
import { jobsApiContext } from "#app/features/jobs/jobs-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/jobs-preview";

/** POST /api/jobs/preview (multipart: file) → the columns, first rows and a proposed mapping; nothing saved. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleJobPreview(jobsApiContext(request, context));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
