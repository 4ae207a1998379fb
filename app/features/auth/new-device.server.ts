// The security mail on a sign-in from a device never seen before (issue 19): each user's devices are
// remembered as browser and system ("Firefox on Linux", from the User-Agent); the first one (the
// sign-up) is simply noted, any later new one mails the account's address with what, where and when.
import { translate, type Locale } from "#app/i18n/i18n.ts";
import { intlTag } from "#app/lib/intl.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { actionMail, type Mailer } from "#server/mail/mail.server.ts";
import { parseUserAgent } from "./user-agent.ts";

/** "Firefox on Linux", or what of it is known. */
export function deviceLabel(userAgent: string | null | undefined, locale: Locale): string {
  const { browser, system } = parseUserAgent(userAgent);
  if (browser && system) return translate(locale, "account.email.newDevice.device", { browser, system });
  return browser ?? system ?? translate(locale, "account.email.newDevice.unknownDevice");
}

/**
 * Notes the device of a new session; returns true (and mails the user) when it is new and not the
 * user's first. Safe to call twice at once: the insert decides which call saw it first.
 */
export async function noteSignInDevice({
  db,
  mailer,
  config,
  user,
  userAgent,
  ipAddress,
  locale,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, "publicUrl">;
  user: { id: string; email: string };
  userAgent: string | null | undefined;
  ipAddress: string | null | undefined;
  locale: Locale;
  now?: Date;
}): Promise<boolean> {
  const { browser, system } = parseUserAgent(userAgent);
  const device = `${browser ?? "?"}|${system ?? "?"}`;
  const at = now.toISOString();
  const inserted = await db.insertInto("known_device").values({ userId: user.id, device, firstSeenAt: at, lastSeenAt: at }).onConflict((oc) => oc.columns(["userId", "device"]).doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
    await db.updateTable("known_device").set({ lastSeenAt: at }).where("userId", "=", user.id).where("device", "=", device).execute();
    return false;
  }
  const known = await db.selectFrom("known_device").select((eb) => eb.fn.countAll<number>().as("n")).where("userId", "=", user.id).executeTakeFirst();
  if (Number(known?.n ?? 0) <= 1) return false;
  const when = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(now);
  await mailer.send(
    actionMail({
      to: user.email,
      subject: translate(locale, "account.email.newDevice.subject"),
      intro: translate(locale, "account.email.newDevice.intro", { device: deviceLabel(userAgent, locale), ip: ipAddress || "?", when: `${when} UTC` }),
      action: translate(locale, "account.email.newDevice.action"),
      url: `${config.publicUrl}/settings/personal`,
      outro: translate(locale, "account.email.newDevice.outro"),
    }),
  );
  return true;
}
