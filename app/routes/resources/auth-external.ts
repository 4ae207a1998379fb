import { redirect } from "react-router";
import { z } from "zod";
import { answerFormFailures, parseForm, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { auth, externalProviders } from "#app/features/auth/auth-actions.server.ts";
import { safeRedirectPath } from "#app/features/auth/session.server.ts";
import type { Route } from "./+types/auth-external";

const schema = z.object({ provider: z.string().min(1).max(40), redirectTo: z.string().optional() });

/** Starts sign-in with Google or the OpenID Connect provider; Better Auth handles the callback. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const form = await parseForm(request, schema);
    if (!externalProviders().some((p) => p.id === form.provider)) return redirect("/sign-in?error=unknown_provider");
    try {
      const { headers, response } = await auth().api.signInSocial({
        body: { provider: form.provider, callbackURL: safeRedirectPath(form.redirectTo), errorCallbackURL: "/sign-in", newUserCallbackURL: "/dashboard" },
        headers: request.headers,
        returnHeaders: true,
      });
      if (!response.url) return redirect("/sign-in?error=no_redirect");
      // The state cookie must travel with the redirect, or the callback is refused.
      return redirect(response.url, { headers });
    } catch (error) {
      return unexpectedFailure(context, error, "external sign-in");
    }
  });
}

export async function loader() {
  return redirect("/sign-in");
}
