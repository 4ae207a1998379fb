// Seller Central's redirect back after the consent page (the app's registered redirect URI): the outcome
// goes to the Amazon card on Settings → Workspace as ?amazon=…, and nothing is stored unless it worked.
import { redirect } from "react-router";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { callbackParams, finishAmazonConnect, sessionKeyOf } from "#app/features/amazon/connect.server.ts";
import type { AmazonNotice } from "#app/features/amazon/amazon-section.tsx";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/amazon-callback";

const back = (notice: AmazonNotice, region?: string) => redirect(`/settings/workspace?amazon=${notice}${region ? `&region=${region}` : ""}#amazon`);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const { db, config } = getServices();
  if (!config.amazon) return back("notSetUp");
  if (membership.role !== "owner") return back("ownerOnly");
  const sessionKey = sessionKeyOf(request);
  if (!sessionKey) return back("badState");
  const result = await finishAmazonConnect({ db, config, amazon: config.amazon, params: callbackParams(new URL(request.url)), workspaceId: membership.workspaceId, userId: user.id, sessionKey });
  return result.ok ? back("connected", result.region) : back(result.reason, result.region);
}
