import { getUser } from "#app/features/auth/session.server.ts";
import { handleLintPost } from "#app/features/marketplaces/lint-request.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/listings-lint";

/** POST /api/listings/lint {marketplace, ruleSet?, brand?, sections} → the lint report (README "Listing rules"). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
  return handleLintPost({ request, signedIn: getUser(context) !== null, locale: getLocale(request), requestId: context.get(requestContext).requestId });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
