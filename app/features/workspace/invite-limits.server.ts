import type { MessageKey } from "#app/i18n/i18n.ts";
import type { RateLimiter, RateLimitRule } from "#server/rate-limit.server.ts";

/** A workspace sends at most 20 invites an hour; one address gets at most 3 a day from a workspace and 5 from all of them. */
export const inviteLimits = {
  perWorkspace: { max: 20, windowMs: 60 * 60_000 },
  perWorkspaceAddress: { max: 3, windowMs: 24 * 60 * 60_000 },
  perAddress: { max: 5, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export interface InviteRefusal {
  message: MessageKey;
  minutes: number;
  retryAfterSeconds: number;
}

/** Counts one invite against each limit; the first limit that is used up says when to try again. */
export async function consumeInviteAllowance({ limiter, workspaceId, email }: { limiter: RateLimiter; workspaceId: string; email: string }): Promise<InviteRefusal | null> {
  const address = email.trim().toLowerCase();
  const checks: [string, RateLimitRule, MessageKey][] = [
    [`invite:workspace:${workspaceId}`, inviteLimits.perWorkspace, "workspace.error.inviteWorkspaceLimit"],
    [`invite:workspace-address:${workspaceId}:${address}`, inviteLimits.perWorkspaceAddress, "workspace.error.inviteAddressLimit"],
    [`invite:address:${address}`, inviteLimits.perAddress, "workspace.error.inviteAddressLimit"],
  ];
  for (const [key, rule, message] of checks) {
    const result = await limiter.consume(key, rule);
    if (!result.allowed) return { message, minutes: Math.ceil(result.retryAfterSeconds / 60), retryAfterSeconds: result.retryAfterSeconds };
  }
  return null;
}
