// Settings → Personal: the user's passkeys (add with a name and the password or an app code, rename,
// remove). Adding runs the browser's WebAuthn dialog through passkey-client.ts, loaded only when the button is pressed.
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import type { PasskeyConfirmation, PasskeyItem } from "./passkeys.server.ts";

const nameMaxLength = 60;
/** As passkeys.server.ts's recentSignInMinutes (a server module the browser does not load). */
const recentSignInMinutes = 10;

function PasskeyRow({ passkey, dateFormat }: { passkey: PasskeyItem; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useI18n();
  const [renaming, setRenaming] = useState(false);
  const name = passkey.name || t("account.passkeys.manage.defaultName");
  return (
    <Stack component="li" gap="xs" data-testid="passkey">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: "anywhere" }}>
            {name}
          </Text>
          {passkey.createdAt ? (
            <Text size="sm" c="dimmed">
              {t("account.passkeys.manage.createdAt", { date: dateFormat.format(new Date(passkey.createdAt)) })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="xs" aria-label={t("account.passkeys.manage.renameLabel", { name })} aria-expanded={renaming} onClick={() => setRenaming((open) => !open)}>
            {t("account.passkeys.manage.rename")}
          </Button>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="passkeyRemove" />
            <input type="hidden" name="id" value={passkey.id} />
            <Button type="submit" variant="light" color="red" size="xs" aria-label={t("account.passkeys.manage.removeLabel", { name })}>
              {t("account.passkeys.manage.remove")}
            </Button>
          </Form>
        </Group>
      </Group>
      {renaming ? (
        <Form method="post" preventScrollReset onSubmit={() => setRenaming(false)}>
          <input type="hidden" name="intent" value="passkeyRename" />
          <input type="hidden" name="id" value={passkey.id} />
          <Group align="flex-end" gap="xs">
            <TextInput name="name" label={t("account.passkeys.manage.newName", { name })} defaultValue={passkey.name} maxLength={nameMaxLength} required style={{ flex: 1 }} />
            <Button type="submit" size="sm">
              {t("account.passkeys.manage.save")}
            </Button>
            <Button variant="subtle" size="sm" onClick={() => setRenaming(false)}>
              {t("account.passkeys.manage.cancel")}
            </Button>
          </Group>
        </Form>
      ) : null}
    </Stack>
  );
}

export function PasskeySettings({ passkeys, confirmation }: { passkeys: PasskeyItem[]; confirmation: PasskeyConfirmation }) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [secret, setSecret] = useState("");
  const [secretError, setSecretError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium", timeZone: "UTC" });

  async function add() {
    setBusy(true);
    try {
      const { addPasskey } = await import("./passkey-client.ts");
      const given = confirmation === "password" ? { password: secret } : confirmation === "appCode" ? { code: secret } : {};
      const outcome = await addPasskey(name.trim() || t("account.passkeys.manage.defaultName"), given);
      setSecretError(outcome === "wrongConfirmation" ? t(confirmation === "password" ? "account.passkeys.manage.wrongPassword" : "account.twoFactor.wrongCode") : null);
      if (outcome !== "wrongConfirmation") setSecret("");
      if (outcome === "ok") {
        setName("");
        notifications.show({ color: "green", message: t("account.passkeys.manage.added") });
        await revalidator.revalidate();
      } else if (outcome === "unsupported") notifications.show({ color: "red", message: t("account.passkeys.unsupported") });
      else if (outcome === "failed") notifications.show({ color: "red", message: t("account.passkeys.manage.addFailed") });
      else if (outcome === "signInAgain") notifications.show({ color: "red", message: t("account.passkeys.manage.signInAgain") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard titleId="passkeys-title" title={t("account.passkeys.manage.title")} intro={t("account.passkeys.manage.intro")}>
      {passkeys.length ? (
        <Stack component="ul" gap="sm" aria-label={t("account.passkeys.manage.list")} p={0} m={0} style={{ listStyle: "none" }}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} dateFormat={dateFormat} />
          ))}
        </Stack>
      ) : (
        <Text size="sm">{t("account.passkeys.manage.empty")}</Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t("account.passkeys.manage.nameLabel")}
            description={t("account.passkeys.manage.nameHint")}
            placeholder={t("account.passkeys.manage.defaultName")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={nameMaxLength}
            style={{ flex: 1 }}
          />
        </Group>
        <Stack gap="sm" mt="sm">
          {confirmation === "password" ? (
            <PasswordInput
              label={t("account.passkeys.manage.passwordLabel")}
              description={t("account.passkeys.manage.passwordHint")}
              autoComplete="current-password"
              value={secret}
              error={secretError}
              onChange={(event) => setSecret(event.currentTarget.value)}
              required
            />
          ) : confirmation === "appCode" ? (
            <TextInput
              label={t("account.passkeys.manage.codeLabel")}
              description={t("account.passkeys.manage.codeHint")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={secret}
              error={secretError}
              onChange={(event) => setSecret(event.currentTarget.value)}
              required
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t("account.passkeys.manage.recentSignInHint", { minutes: recentSignInMinutes })}
            </Text>
          )}
          <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
            {t("account.passkeys.manage.add")}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
