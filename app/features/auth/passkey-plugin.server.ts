// Better Auth's passkey plugin as Sellscribe configures it (kept apart from auth.server.ts so the
// feature code can import it without a cycle). The relying party is the host of PUBLIC_URL, and
// only that origin's assertions are accepted, whatever Origin header a request carries.
import { passkey } from "@better-auth/passkey";
import { APIError } from "better-auth/api";
import type { AppConfig } from "#server/config.server.ts";

/** A passkey stands for two factors only with the device's own check of the person (UV flag): without it, refused. */
const userNotVerified = () => new APIError("BAD_REQUEST", { code: "USER_NOT_VERIFIED", message: "The authenticator did not verify the user" });

export function passkeyPlugin(config: Pick<AppConfig, "publicUrl">) {
  const url = new URL(config.publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: "Sellscribe",
    origin: url.origin,
    // A discoverable credential: "Sign in with a passkey" needs no e-mail first. The device must
    // verify the person (fingerprint, face, PIN): a passkey signs in without a two-factor code.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    // The plugin verifies with requireUserVerification off; the flags it read are checked here.
    registration: {
      afterVerification: ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw userNotVerified();
      },
    },
    authentication: {
      afterVerification: ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw userNotVerified();
      },
    },
  });
}
