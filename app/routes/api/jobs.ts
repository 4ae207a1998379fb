import { handleJobCreate, handleJobList } from "#app/features/jobs/jobs-api.server.ts";
import { jobsApiContext } from "#app/features/jobs/jobs-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/jobs";

/** GET /api/jobs → {jobs}. */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleJobList(jobsApiContext(request, context));
}

/** POST /api/jobs (multipart: file, mapping, options) → 201 {job}. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "GET, POST" });
  return handleJobCreate(jobsApiContext(request, context));
}
