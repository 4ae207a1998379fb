import { betterAuth, type BetterAuthOptions, type BetterAuthRateLimitOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { getMigrations } from "better-auth/db/migration";
import { genericOAuth } from "better-auth/plugins";
import { twoFactorForOtherSignIns, twoFactorPlugin } from "./two-factor-plugin.server.ts";
import { passkeyPlugin } from "./passkey-plugin.server.ts";
import { totpReplayGuard } from "./totp-replay.server.ts";
import { ensurePersonalWorkspace, listWorkspacesNeedingNewOwner } from "#app/features/workspace/workspaces.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { actionMail } from "#server/mail/mail.server.ts";
import { createRateLimiter } from "#server/rate-limit.server.ts";
import { getServices, type Services } from "#server/services.server.ts";
import { cleanName, joinName, safeImageUrl, splitDisplayName } from "./names.ts";
import { emailVerificationOptions, mailLocale, notifyPasswordChanged } from "./email-verification.server.ts";
import { noteSignInDevice } from "./new-device.server.ts";

export const sessionDays = 30;
export const resetLinkMinutes = 60;
export const oidcProviderId = "oidc";
/** Better Auth's own limit on /api/auth requests (OAuth callbacks) per client address: 100 a minute. */
export const authRateLimitWindowSeconds = 60;
export const authRateLimitMax = 100;

type AuthDeps = Pick<Services, "config" | "db" | "mailer">;

const nameFromProfile = (profile: { name?: unknown }) => splitDisplayName(typeof profile.name === "string" ? profile.name : "");

/**
 * Whatever door a user record comes through (our forms, an external provider's profile, code calling
 * auth.api), names are stored clean and bounded and a picture is https or nothing.
 */
function cleanUserFields<T extends Record<string, unknown>>(user: T): Partial<T> {
  const cleaned: Record<string, unknown> = {};
  if ("firstName" in user) cleaned.firstName = cleanName(user.firstName);
  if ("lastName" in user) cleaned.lastName = cleanName(user.lastName);
  if ("name" in user) {
    // Our forms send first and last name with it: the full name is theirs joined; otherwise the name alone, cleaned.
    const hasParts = "firstName" in user || "lastName" in user;
    cleaned.name = hasParts ? joinName(String(user.firstName ?? ""), String(user.lastName ?? "")) : cleanName(user.name);
  }
  if ("image" in user && user.image != null) cleaned.image = safeImageUrl(user.image);
  return cleaned as Partial<T>;
}

/**
 * Better Auth's limiter counting in our rate_limit table (one upsert per request, swept with ours).
 * Not its `storage: "database"`: on PostgreSQL its "rateLimit" table's bigint comes back as a string
 * and 1.7.7 then answers a Retry-After of some 10^14 seconds (docs/decisions/018).
 */
function authRateLimitStorage(db: Db): NonNullable<BetterAuthRateLimitOptions["customStorage"]> {
  const limiter = createRateLimiter(db);
  return {
    async consume(key, rule) {
      const result = await limiter.consume(`auth-api:${key}`, { max: rule.max, windowMs: rule.window * 1000 });
      return { allowed: result.allowed, retryAfter: result.allowed ? null : result.retryAfterSeconds };
    },
  };
}

/**
 * SESSION_SECRET, and after a rotation the secrets it replaced (docs/decisions/028). Better Auth signs
 * cookies with the newest secret only and encrypts with it under its version; what was encrypted
 * before (two-factor secrets, backup codes) decrypts with the key of its version, or, from before the
 * first rotation (no version), with the legacy `secret`: the oldest. Versions count from the oldest,
 * so they stay the same as more secrets are added.
 */
export function authSecrets(config: Pick<AppConfig, "sessionSecret" | "previousSessionSecrets">): { secret: string; secrets?: { version: number; value: string }[] } {
  const previous = config.previousSessionSecrets;
  if (!previous.length) return { secret: config.sessionSecret };
  const oldestFirst = [...previous].reverse();
  const versioned = [...oldestFirst.slice(1), config.sessionSecret].map((value, index) => ({ version: index + 1, value })).reverse();
  return { secret: oldestFirst[0]!, secrets: versioned };
}

/** Everything Better Auth needs; the same object drives its schema migration and its runtime. */
export function createAuthOptions({ config, db, mailer }: AuthDeps) {
  const twoFactor = twoFactorPlugin();
  return {
    appName: "Sellscribe",
    baseURL: config.publicUrl,
    ...authSecrets(config),
    trustedOrigins: [new URL(config.publicUrl).origin],
    database: { db, type: config.database.kind, transaction: true },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      // One reset link used ends every other one the user was sent.
      onPasswordReset: async ({ user }, request) => {
        await db.deleteFrom("verification").where("identifier", "like", "reset-password:%").where("value", "=", user.id).execute();
        // The same notice as a change in settings, naming the passkeys a new password does not end.
        await notifyPasswordChanged({ user, locale: mailLocale(request), db, config, mailer });
      },
      resetPasswordTokenExpiresIn: resetLinkMinutes * 60,
      // Our own page takes the token; Better Auth's GET hop is not needed.
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(
          actionMail({
            to: user.email,
            subject: "Reset your Sellscribe password",
            intro: "Someone asked to reset the password of your Sellscribe account. If it was you, choose a new password with the button below.",
            action: "Choose a new password",
            url: `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
            outro: `The link works once and expires in ${resetLinkMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
          }),
        );
      },
    },
    // Sign-up mails a verification link; unverified users keep full access (a banner asks them to verify).
    emailVerification: emailVerificationOptions({ config, mailer }).emailVerification,
    session: { expiresIn: sessionDays * 86_400, updateAge: 86_400 },
    user: {
      changeEmail: emailVerificationOptions({ config, mailer }).changeEmail,
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "" },
        lastName: { type: "string", required: false, defaultValue: "" },
      },
      deleteUser: {
        enabled: true,
        // Whatever calls it, deleting an owner whose workspace still has members is refused (app/features/auth/account-deletion.server.ts).
        beforeDelete: async (user) => {
          if ((await listWorkspacesNeedingNewOwner({ db, userId: user.id })).length) throw new APIError("BAD_REQUEST", { code: "TRANSFER_OWNERSHIP_FIRST", message: "Transfer the ownership of your workspace first." });
        },
      },
    },
    // Better Auth links an external account to an existing one only when the provider says the
    // e-mail is verified and the local e-mail is verified too; otherwise it refuses (account_not_linked).
    account: { accountLinking: { enabled: true } },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, mapProfileToUser: nameFromProfile } }
      : {},
    plugins: [
      twoFactor,
      // The same code step after Google, OpenID Connect and a sign-in by verification link.
      twoFactorForOtherSignIns(twoFactor),
      // A TOTP code is accepted once: the last accepted time step per user, in the database.
      totpReplayGuard(db),
      // Passkeys: rpID and origin from PUBLIC_URL; reached only through our routes (docs/decisions/020).
      passkeyPlugin(config),
      ...(config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: oidcProviderId,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                mapProfileToUser: nameFromProfile,
              },
            ],
          }),
        ]
      : []),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, ...cleanUserFields(user) } }),
          after: async (user: { id: string; name: string; email: string }) => void (await ensurePersonalWorkspace({ db, user })),
        },
        update: { before: async (user) => ({ data: { ...user, ...cleanUserFields(user) } }) },
      },
      session: {
        create: {
          // A sign-in from a device the user never used before mails their address (app/features/auth/new-device.server.ts).
          // It never stops the sign-in: a failure is logged.
          after: async (session: { userId: string; userAgent?: string | null; ipAddress?: string | null }, context) => {
            try {
              const user = await db.selectFrom("user").select(["id", "email"]).where("id", "=", session.userId).executeTakeFirst();
              if (user) await noteSignInDevice({ db, mailer, config, user, userAgent: session.userAgent, ipAddress: session.ipAddress, locale: mailLocale(context?.request) });
            } catch (error) {
              logger.error({ err: error, userId: session.userId }, "could not check the sign-in's device");
            }
          },
        },
      },
    },
    // Applies to requests through /api/auth (OAuth callbacks); our own actions call server/rate-limit
    // themselves. Counted in the same rate_limit table, so every server on one database shares the
    // count (docs/decisions/018).
    rateLimit: { enabled: true, window: authRateLimitWindowSeconds, max: authRateLimitMax, customStorage: authRateLimitStorage(db) },
    advanced: {
      // E-mails (password reset) go out after the answer: a known and an unknown address take the same time.
      backgroundTasks: { handler: (task: Promise<unknown>) => void task.catch((error: unknown) => logger.error({ err: error }, "background auth task failed")) },
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(createAuthOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Services, Auth>();

/** The process's Better Auth, created on first use (OIDC discovery happens then, once the provider is up). */
export function getAuth(services: Services = getServices()): Auth {
  let auth = instances.get(services);
  if (!auth) instances.set(services, (auth = createAuth(services)));
  return auth;
}

/** Creates or extends Better Auth's tables (user, session, account, verification). */
export async function migrateAuthTables(deps: AuthDeps): Promise<void> {
  const { runMigrations } = await getMigrations(createAuthOptions(deps));
  await runMigrations();
}
