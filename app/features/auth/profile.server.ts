// The signed-in user's own profile and password, through Better Auth with the request's session.
import { getAuth } from "./auth.server.ts";
import { authErrorCode } from "./auth-actions.server.ts";
import { joinName } from "./names.ts";

export async function updateProfile({ headers, firstName, lastName }: { headers: Headers; firstName: string; lastName: string }): Promise<void> {
  await getAuth().api.updateUser({ body: { name: joinName(firstName, lastName), firstName, lastName }, headers });
}

export type PasswordChange = { ok: true; setCookies: Headers } | { ok: false; reason: "wrongCurrent" | "noPassword" };

/** Changes the password and signs out every other session; the answer's cookies keep this one. */
export async function changePassword({ headers, currentPassword, newPassword }: { headers: Headers; currentPassword: string; newPassword: string }): Promise<PasswordChange> {
  try {
    const answer = await getAuth().api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers, returnHeaders: true });
    return { ok: true, setCookies: answer.headers };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD") return { ok: false, reason: "wrongCurrent" };
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, reason: "noPassword" };
    throw error;
  }
}
