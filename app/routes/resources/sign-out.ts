import { redirect } from "react-router";
import { auth } from "#app/features/auth/auth-actions.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import { logger } from "#server/logger.server.ts";
import type { Route } from "./+types/sign-out";

/**
 * Deletes the session on the server and expires its cookies. The user menu asks for JSON so it can
 * stay put and show an error when this fails; a plain form post is redirected home.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  let headers: Headers;
  try {
    ({ headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true }));
  } catch (error) {
    const { requestId } = context.get(requestContext);
    logger.error({ err: error, requestId }, "sign-out failed");
    if (!wantsJson) throw error;
    return apiErrorResponse("INTERNAL", { locale: getLocale(request), requestId });
  }
  if (wantsJson) {
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers });
  }
  return redirect("/", { headers });
}

export async function loader() {
  return redirect("/");
}
