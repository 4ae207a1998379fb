// "Forgot your password?": a reset mail, limited twice. Per client address and e-mail (5 an hour, a
// 429 the form shows), and per e-mail across every address (5 mails an hour): past that the answer is
// the same and no mail goes out, so no number of source addresses can flood one inbox, and the
// answer never tells whether the address has an account (unknown addresses count the same).
import { authRateLimits, type RateLimiter } from "#server/rate-limit.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";

export type ResetRequestResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Asks Better Auth to mail a reset link to `email` (lowercased by the form's schema), within both limits. */
export async function requestPasswordResetMail({ email, clientIp, headers, limiter, auth = getAuth() }: { email: string; clientIp: string; headers: Headers; limiter: RateLimiter; auth?: Auth }): Promise<ResetRequestResult> {
  const address = email.trim().toLowerCase();
  const fromHere = await limiter.consume(`password-reset:${clientIp}:${address}`, authRateLimits.passwordReset);
  if (!fromHere.allowed) return { ok: false, retryAfterSeconds: fromHere.retryAfterSeconds };
  const toInbox = await limiter.consume(`password-reset-mail:${address}`, authRateLimits.passwordReset);
  if (!toInbox.allowed) return { ok: true };
  await auth.api.requestPasswordReset({ body: { email: address, redirectTo: "/reset-password" }, headers });
  return { ok: true };
}
