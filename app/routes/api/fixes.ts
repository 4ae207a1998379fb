import { handleFixCreate } from "#app/features/fixes/fixes-api.server.ts";
import { jobsApiContext } from "#app/features/jobs/jobs-route-context.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/fixes";

/** POST /api/fixes {listingIds?, rule?} → 201 {fix} (issue 33 item 6). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleFixCreate(jobsApiContext(request, context));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
