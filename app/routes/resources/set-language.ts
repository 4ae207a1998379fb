import { redirect } from "react-router";
import { readForm } from "#app/components/form/form-data.server.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { isLocale, localeCookieName } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import type { Route } from "./+types/set-language";

/** The language switch posts {locale, redirectTo}; anything that is not such a form is a 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    return apiErrorResponse("BAD_REQUEST", { locale: getLocale(request), requestId: context.get(requestContext).requestId });
  }
  const form = await readForm(request);
  const to = safeRedirectPath(form.redirectTo, "/");
  if (!isLocale(form.locale)) return redirect(to);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(to, {
    headers: { "Set-Cookie": `${localeCookieName}=${form.locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}` },
  });
}

export async function loader() {
  return redirect("/");
}
