// Connecting Google or OpenID Connect to an account from /settings/personal (issue 19): only with a
// verified e-mail, and Better Auth links only a provider account with the same, verified address.
import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { getServices } from "#server/services.server.ts";
import { getAuth } from "./auth.server.ts";
import { parseForm } from "#app/components/form/form-actions.server.ts";
import { externalProviders } from "./auth-actions.server.ts";
import { isEmailVerified } from "./email-verification.server.ts";
import { actionFailure } from "#app/lib/action-failure.ts";

export interface LinkedProvider {
  id: string;
  label: string;
  linked: boolean;
}

/** The configured external providers and whether this account can sign in with each. */
export async function listLinkedProviders({ headers }: { headers: Headers }): Promise<LinkedProvider[]> {
  const providers = externalProviders();
  if (!providers.length) return [];
  const accounts = await getAuth().api.listUserAccounts({ headers });
  return providers.map((provider) => ({ ...provider, linked: accounts.some((account) => account.providerId === provider.id) }));
}

const linkSchema = z.object({ provider: z.string().min(1).max(40) });

export type LinkIntentResult = FormFailure & { intent: "link" };

/** The "link" intent: off to the provider, back to settings with the account connected (or an error toast). */
export async function linkAccountIntent({ request, user }: { request: Request; context: Readonly<RouterContextProvider>; user: { id: string } }) {
  const { provider } = await parseForm(request, linkSchema);
  if (!externalProviders().some((p) => p.id === provider)) return actionFailure<LinkIntentResult>("BAD_REQUEST", { intent: "link", formError: "form.malformed" });
  if (!(await isEmailVerified({ db: getServices().db, userId: user.id }))) return actionFailure<LinkIntentResult>("FORBIDDEN", { intent: "link", formError: "account.email.linkNeedsVerified" });
  const { headers, response } = await getAuth().api.linkSocialAccount({
    body: { provider, callbackURL: "/settings/personal?notice=account-linked", errorCallbackURL: "/settings/personal" },
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response.url) return actionFailure<LinkIntentResult>("UPSTREAM_FAILED", { intent: "link", formError: "auth.error.external" });
  // The state cookie must travel with the redirect, or the callback is refused.
  return redirect(response.url, { headers });
}
