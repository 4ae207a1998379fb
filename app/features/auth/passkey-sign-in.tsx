// "Sign in with a passkey" on the sign-in page: the WebAuthn code (passkey-client.ts) is fetched when pressed.
import { Button, Text } from "@mantine/core";
import { useState } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";

export function PasskeySignIn({ redirectTo }: { redirectTo?: string }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { signInWithPasskey } = await import("./passkey-client.ts");
      const outcome = await signInWithPasskey();
      // A full page load: every loader (and the signed-in layout) starts from the new session.
      if (outcome === "ok") return window.location.assign(safeRedirectPath(redirectTo));
      if (outcome === "unsupported") setError(t("account.passkeys.unsupported"));
      else if (outcome === "failed") setError(t("account.passkeys.signInFailed"));
    } catch {
      setError(t("account.passkeys.signInFailed"));
    }
    setBusy(false);
  }

  return (
    <>
      <Button variant="default" fullWidth loading={busy} onClick={() => void signIn()}>
        {t("account.passkeys.signIn")}
      </Button>
      {error ? (
        <Text role="alert" size="sm" c="red">
          {error}
        </Text>
      ) : null}
    </>
  );
}
