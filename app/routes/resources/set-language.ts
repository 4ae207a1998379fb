import { redirect } from "react-router";
import { isLocale, localeCookieName } from "~/i18n/i18n.ts";
import type { Route } from "./+types/set-language";

/** Only same-site paths: never let the form send someone to another site. */
function safeRedirect(target: FormDataEntryValue | null): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  return target;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const to = safeRedirect(form.get("redirectTo"));
  if (!isLocale(locale)) return redirect(to);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(to, {
    headers: { "Set-Cookie": `${localeCookieName}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}` },
  });
}

export async function loader() {
  return redirect("/");
}
