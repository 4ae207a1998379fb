// Whether a request carries a session cookie this server signed, told from its headers alone: checked
// before a body is read, so only a signed-in client can make the server hold a large one (issue 30;
// readBodies in server/request-guards.server.ts). The route still reads the session itself.
import { createSecretKey } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { readCookie } from "#app/lib/cookies.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Auth } from "./auth.server.ts";
import { sessionCookieSettings, verifySignedValue } from "./session-reader.server.ts";

/** A check of the session cookie's signature (an HMAC, no query) for this Better Auth instance. */
export async function signedSessionCheck(auth: Auth, config: Pick<AppConfig, "sessionSecret">): Promise<(req: IncomingMessage) => boolean> {
  const settings = await sessionCookieSettings(auth);
  // Better Auth signs with SESSION_SECRET; after a rotation its context's `secret` is the oldest one (docs/decisions/028).
  const keys = [createSecretKey(Buffer.from(config.sessionSecret, "utf8")), settings.secret];
  return (req) => {
    const signed = readCookie(req.headers.cookie, settings.tokenCookie);
    return signed !== undefined && keys.some((key) => verifySignedValue(signed, key) !== null);
  };
}
