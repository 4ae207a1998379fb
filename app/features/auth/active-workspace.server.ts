import { redirect, type RouterContextProvider } from "react-router";
import { isTwoFactorEnrolPath, mustEnrolTwoFactor, twoFactorEnrolPath } from "./two-factor-requirement.server.ts";
import { getActiveMembership, type Membership } from "#app/features/workspace/workspaces.server.ts";
import { getServices } from "#server/services.server.ts";
import { requireUser, type SessionUser } from "./session.server.ts";

export interface SignedIn {
  user: SessionUser;
  membership: Membership;
}

/** The signed-in user and the workspace they work in; guests are sent to sign in. */
export async function requireMembership(args: { request: Request; context: Readonly<RouterContextProvider> }): Promise<SignedIn> {
  const user = requireUser(args);
  const membership = await getActiveMembership({ db: getServices().db, user });
  // The workspace requires two-factor and this member has not turned it on: enrol first.
  if (!isTwoFactorEnrolPath(new URL(args.request.url).pathname) && (await mustEnrolTwoFactor(getServices().db, user.id, membership.workspaceId))) {
    throw redirect(`${twoFactorEnrolPath}?twoFactor=required`);
  }
  return { user, membership };
}
