import { Outlet } from "react-router";
import { useNoticeToast } from "#app/components/use-notice-toast.ts";
import { isEmailVerified } from "#app/features/auth/email-verification.server.ts";
import { VerifyEmailBanner } from "#app/features/auth/email-settings.tsx";
import { SignedInShell } from "#app/components/shell/app-shell.tsx";
import { getWorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { getServices } from "#server/services.server.ts";
import { I18nExtension } from "#app/i18n/context.tsx";
import { ensureCatalog } from "#app/i18n/catalog-files.ts";
import { getAppCatalog } from "#app/i18n/locale.server.ts";
import type { Route } from "./+types/layout";

// Every page under this layout is for signed-in users only; guests go to /sign-in and come back.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const { db, config } = getServices();
  const [billing, emailVerified] = await Promise.all([
    getWorkspaceBilling({ db, workspaceId: membership.workspaceId, trialWords: config.billing.trialWords }),
    isEmailVerified({ db, userId: user.id }),
  ]);
  return {
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
    role: membership.role,
    // Unverified users keep full access; a banner asks them to verify.
    emailVerified,
    billing,
    // The catalog's signed-in-only keys (listings, keywords, rules): public pages never carry them.
    catalog: getAppCatalog(request),
  };
}

/** A client-side navigation into this part of the app first loads the app-only catalog's file (once). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await ensureCatalog(data.catalog);
  return data;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  useNoticeToast();
  return (
    <I18nExtension catalog={loaderData.catalog}>
      <SignedInShell user={loaderData.user} billing={loaderData.billing}>
        {!loaderData.emailVerified && <VerifyEmailBanner email={loaderData.user.email} />}
        <Outlet />
      </SignedInShell>
    </I18nExtension>
  );
}
