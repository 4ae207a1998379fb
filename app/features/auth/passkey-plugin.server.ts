// Better Auth's passkey plugin as Sellscribe configures it (kept apart from auth.server.ts so the
// feature code can import it without a cycle). The relying party is the host of PUBLIC_URL, and
// only that origin's assertions are accepted, whatever Origin header a request carries.
import { passkey } from "@better-auth/passkey";
import type { AppConfig } from "#server/config.server.ts";

export function passkeyPlugin(config: Pick<AppConfig, "publicUrl">) {
  const url = new URL(config.publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: "Sellscribe",
    origin: url.origin,
    // A discoverable credential: "Sign in with a passkey" needs no e-mail first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}
