import type { RouterContextProvider } from "react-router";
import { getActiveMembership, type Membership } from "./workspaces.server.ts";
import { getServices } from "#server/services.server.ts";
import { requireUser, type SessionUser } from "#app/features/auth/session.server.ts";

export interface SignedIn {
  user: SessionUser;
  membership: Membership;
}

/** The signed-in user and the workspace they work in; guests are sent to sign in. */
export async function requireMembership(args: { request: Request; context: Readonly<RouterContextProvider> }): Promise<SignedIn> {
  const user = requireUser(args);
  const membership = await getActiveMembership({ db: getServices().db, user });
  return { user, membership };
}
