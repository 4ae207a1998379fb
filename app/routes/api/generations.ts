import { methodNotAllowedResponse } from "#app/lib/errors.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getUser } from "#app/features/auth/session.server.ts";
import { handleGenerationPost } from "#app/features/generate/generation-request.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/generations";

/** POST /api/generations {templateId, inputs, count?} → text/event-stream (see app/features/generate/generation-events.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, limiter } = getServices();
  return handleGenerationPost({
    request,
    user: getUser(context),
    locale: getLocale(request),
    requestId: context.get(requestContext).requestId,
    db,
    config,
    limiter,
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}
