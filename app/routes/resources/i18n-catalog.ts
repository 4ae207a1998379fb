import { apiErrorResponse } from "#app/lib/errors.ts";
import { catalogScriptFor, getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/i18n-catalog";

/**
 * A language catalog as a script file (/i18n/shared.de.<hash>.js): its name changes with its text, so a
 * browser keeps it for a year and a page carries only the name (docs/decisions/043).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const name = params.file.endsWith(".js") ? params.file.slice(0, -3) : "";
  const script = catalogScriptFor(name);
  if (script === undefined) return apiErrorResponse("NOT_FOUND", { locale: getLocale(request), requestId: context.get(requestContext).requestId });
  return new Response(script, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
