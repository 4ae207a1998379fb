import { getUser } from "#app/features/auth/session.server.ts";
import { handleCoveragePost, handleImportPost, handlePackPost } from "#app/features/keywords/keywords-api.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/keywords";

const handlers = { coverage: handleCoveragePost, pack: handlePackPost, import: handleImportPost } as const;

/** POST /api/keywords/coverage | pack | import (README "Keywords"). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const requestId = context.get(requestContext).requestId;
  const handler = handlers[params.verb as keyof typeof handlers];
  if (!handler || request.method !== "POST") return methodNotAllowedResponse({ request, locale: getLocale(request), requestId, allow: "POST" });
  return handler({ request, user: getUser(context), locale: getLocale(request), requestId, db: getServices().db });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
