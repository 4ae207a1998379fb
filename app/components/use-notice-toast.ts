import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";

const notices: Record<string, { color: string; message: MessageKey }> = {
  "reset-sent": { color: "green", message: "auth.forgot.sent" },
  "password-reset": { color: "green", message: "auth.reset.done" },
  "signed-out": { color: "blue", message: "auth.signedOut" },
  "account-deleted": { color: "blue", message: "settings.delete.done" },
  "email-verified": { color: "green", message: "account.email.verified" },
  "email-changed": { color: "green", message: "account.email.changed" },
  "account-linked": { color: "green", message: "account.email.linkedNotice" },
  "password-changed": { color: "green", message: "settings.password.saved" },
  "two-factor-on": { color: "green", message: "account.twoFactor.enabledWithoutCodes" },
  "two-factor-off": { color: "green", message: "account.twoFactor.disabled" },
  "two-factor-expired": { color: "red", message: "account.twoFactor.step.expired" },
  "two-factor-attempts": { color: "red", message: "account.twoFactor.step.tooMany" },
  joined: { color: "green", message: "invite.joined" },
  left: { color: "blue", message: "workspace.left" },
  account_not_linked: { color: "red", message: "auth.error.accountNotLinked" },
};

/** Shows the toast a redirect asked for (?notice=… or an OAuth ?error=…), once, then tidies the address. */
export function useNoticeToast() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const notice = params.get("notice") ?? params.get("error");
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || shown.current === notice) return;
    shown.current = notice;
    const known = notices[notice] ?? (params.get("error") ? { color: "red", message: "auth.error.external" as MessageKey } : undefined);
    if (known) notifications.show({ color: known.color, message: t(known.message) });
    const next = new URLSearchParams(params);
    next.delete("notice");
    next.delete("error");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [notice, params, setParams, t]);
}
