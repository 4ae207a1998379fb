// A TOTP code is accepted at most once (RFC 6238 §5.2). Better Auth's verifyTOTP accepts any code of
// the steps around now, as often as it is sent. Before it runs, this plugin finds the time step the
// code belongs to and claims it for the user in `totp_last_step` with one conditional upsert: a step
// at or before the last one accepted is refused with the ordinary wrong-code answer, on every server
// of one database and whatever races. Every door to verifyTOTP passes here (sign-in code step,
// enrolment, app-code confirmations).
import { createHmac } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Db } from "#server/db/db.server.ts";

/** Better Auth's TOTP settings (its defaults, which our two-factor plugin keeps). */
const periodSeconds = 30;
const digits = 6;
/** Steps either side of now Better Auth accepts. */
const window = 1;

/** The HOTP value (RFC 4226) of `secret` (Better Auth keys the HMAC with the secret's UTF-8 bytes) at `counter`. */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, "0");
}

/** The time step among those Better Auth accepts whose code is `code`, or null. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / 1000 / periodSeconds);
  for (let step = current - window; step <= current + window; step++) if (hotp(secret, step) === code) return step;
  return null;
}

/** Records `step` as the user's last accepted one; false when it is not later than the one recorded (a replay). */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const row = await db
    .insertInto("totp_last_step")
    .values({ userId, step })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ step }).where("totp_last_step.step", "<", step))
    .returning("step")
    .executeTakeFirst();
  return row !== undefined;
}

/** A new secret starts its own count (enrolment again after turning two-factor off). */
export async function forgetTotpSteps(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("totp_last_step").where("userId", "=", userId).execute();
}

const replayAnswer = () => new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });

export function totpReplayGuard(db: Db): BetterAuthPlugin {
  return {
    id: "sellscribe-totp-replay-guard",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
            const userId = await userOf(ctx);
            if (!userId || !/^\d+$/.test(code)) return;
            const row = await ctx.context.adapter.findOne<{ secret?: string }>({ model: "twoFactor", where: [{ field: "userId", value: userId }] });
            if (!row?.secret) return;
            // A secret this server cannot read (a rotated SESSION_SECRET left out): Better Auth answers it.
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }).catch(() => null);
            if (!secret) return;
            const step = totpStepOf(secret, code);
            // Not a code of the window: Better Auth refuses it and counts the failure.
            if (step === null) return;
            if (!(await claimTotpStep(db, userId, step))) throw replayAnswer();
          }),
        },
      ],
      after: [
        {
          // Turning two-factor on makes a new secret: its codes start their own count.
          matcher: (context) => context.path === "/two-factor/enable",
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof APIError || ctx.context.returned instanceof Error) return;
            const userId = ctx.context.session?.user.id;
            if (userId) await forgetTotpSteps(db, userId);
          }),
        },
      ],
    },
  };
}

/** The user a verifyTOTP call is for: the signed-in user, or the one waiting at the code step of sign-in. */
async function userOf(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!token) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(token);
  return pending?.value ?? null;
}
