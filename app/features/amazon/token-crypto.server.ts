// Refresh tokens at rest: Better Auth's own symmetric encryption (XChaCha20-Poly1305) under the same
// versioned secrets as two-factor keys, so rotating SESSION_SECRET (docs/decisions/028) keeps them readable.
import { symmetricDecrypt, symmetricEncrypt, type SecretConfig } from "better-auth/crypto";
import { authSecrets } from "#app/features/auth/auth.server.ts";
import type { AppConfig } from "#server/config.server.ts";

type Secrets = Pick<AppConfig, "sessionSecret" | "previousSessionSecrets">;

/** The key Better Auth builds from the same options (its buildSecretConfig): the newest version encrypts, any listed one decrypts. */
function secretKey(config: Secrets): string | SecretConfig {
  const { secret, secrets } = authSecrets(config);
  if (!secrets) return secret;
  return { keys: new Map(secrets.map((entry) => [entry.version, entry.value])), currentVersion: secrets[0]!.version, legacySecret: secret };
}

export function encryptToken(config: Secrets, token: string): Promise<string> {
  return symmetricEncrypt({ key: secretKey(config), data: token });
}

export function decryptToken(config: Secrets, stored: string): Promise<string> {
  return symmetricDecrypt({ key: secretKey(config), data: stored });
}
