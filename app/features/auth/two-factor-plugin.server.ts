import { twoFactor } from "better-auth/plugins";

/** Days a device stays trusted after "Trust this device" on the code step. */
export const trustDeviceDays = 30;
/** Minutes the code step stays open after the password was right. */
export const twoFactorStepMinutes = 10;

/**
 * Better Auth's two-factor plugin, TOTP and backup codes only. Its endpoints are not exposed
 * (docs/decisions/012): our forms call them through auth.api (app/features/auth/two-factor.server.ts).
 * It adds user.twoFactorEnabled and the twoFactor table, created by migrateAuthTables.
 */
export function twoFactorPlugin() {
  return twoFactor({
    issuer: "Sellscribe",
    trustDeviceMaxAge: trustDeviceDays * 86_400,
    twoFactorCookieMaxAge: twoFactorStepMinutes * 60,
    backupCodeOptions: { amount: 10, length: 10 },
  });
}
