import { Alert, Anchor, Button, Code, CopyButton, Group, Image, List, Stack, Text } from "@mantine/core";
import { IconCopy, IconDownload, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { PasswordField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { IntentForm } from "#app/components/form/intent-form.tsx";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { TwoFactorResult } from "./two-factor-actions.server.ts";
import { twoFactorAppCodeSchema, twoFactorNoPasswordStartSchema, twoFactorPasswordSchema, twoFactorVerifySchema } from "./two-factor-schemas.ts";

/**
 * The two-factor card of /settings/personal: turn on (password → QR code and key → first code → backup
 * codes once), new backup codes, turn off. An account without a password (Google, OpenID Connect)
 * confirms with a code from its app instead.
 */
export function TwoFactorSettings({ enabled, required, hasPassword, result }: { enabled: boolean; required: boolean; hasPassword: boolean; result: TwoFactorResult | null }) {
  const { t } = useI18n();
  const enrolment = result?.enrolment;
  const confirmSchema = hasPassword ? twoFactorPasswordSchema : twoFactorAppCodeSchema;
  const confirmField = (id: string) =>
    hasPassword ? (
      <PasswordField id={id} name="password" label={t("account.twoFactor.password")} autoComplete="current-password" required withAsterisk />
    ) : (
      <TextField id={id} name="code" label={t("account.twoFactor.appCode")} description={t("account.twoFactor.noPasswordHint")} inputMode="numeric" autoComplete="one-time-code" maxLength={7} required withAsterisk />
    );
  return (
    <SectionCard titleId="two-factor-title" title={t("account.twoFactor.title")}>
      {result?.backupCodes ? (
        <BackupCodes codes={result.backupCodes} />
      ) : enabled ? (
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconShieldCheck size={20} aria-hidden="true" color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} />
            <Text>{t("account.twoFactor.onText")}</Text>
          </Group>
          <IntentForm schema={confirmSchema} intent="twoFactorBackupCodes" result={result?.intent === "twoFactorBackupCodes" ? result : null} titleId="two-factor-new-codes-title" title={t("account.twoFactor.backupCodes.newTitle")}>
            <Text size="sm">{t("account.twoFactor.backupCodes.newText")}</Text>
            {confirmField("two-factor-new-codes-confirm")}
            <SubmitButton variant="default" style={{ alignSelf: "flex-start" }}>
              {t("account.twoFactor.backupCodes.regenerate")}
            </SubmitButton>
          </IntentForm>
          <IntentForm schema={confirmSchema} intent="twoFactorDisable" result={result?.intent === "twoFactorDisable" ? result : null} titleId="two-factor-off-title" title={t("account.twoFactor.disableTitle")}>
            {confirmField("two-factor-off-confirm")}
            <SubmitButton color="red" variant="light" style={{ alignSelf: "flex-start" }}>
              {t("account.twoFactor.disable")}
            </SubmitButton>
          </IntentForm>
        </Stack>
      ) : enrolment ? (
        <Stack gap="md">
          <Text>{t("account.twoFactor.scan")}</Text>
          <Image src={enrolment.qr} alt={t("account.twoFactor.qrAlt")} w={200} h={200} fit="contain" bg="white" radius="sm" />
          <div>
            <Text size="sm" fw={600} id="two-factor-secret-label">
              {t("account.twoFactor.secretLabel")}
            </Text>
            <Code fz="md" aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret" style={{ wordBreak: "break-all" }}>
              {enrolment.secret}
            </Code>
          </div>
          <ValidatedForm schema={twoFactorVerifySchema} result={result?.intent === "twoFactorVerify" ? result : null}>
            <input type="hidden" name="intent" value="twoFactorVerify" />
            <input type="hidden" name="totpUri" value={enrolment.totpUri} />
            <Stack gap="md">
              <TextField name="code" label={t("account.twoFactor.code")} inputMode="numeric" autoComplete="one-time-code" maxLength={7} required withAsterisk />
              <Group gap="sm">
                <SubmitButton>{t("account.twoFactor.verify")}</SubmitButton>
                <Anchor component={Link} to="/settings/personal" size="sm">
                  {t("account.twoFactor.cancel")}
                </Anchor>
              </Group>
            </Stack>
          </ValidatedForm>
        </Stack>
      ) : (
        <Stack gap="md">
          {required && (
            <Alert color="orange" variant="light" title={t("account.twoFactor.title")}>
              {t("account.twoFactor.required")}
            </Alert>
          )}
          <Text>{t("account.twoFactor.offText")}</Text>
          <ValidatedForm schema={hasPassword ? twoFactorPasswordSchema : twoFactorNoPasswordStartSchema} result={result?.intent === "twoFactorStart" ? result : null}>
            <input type="hidden" name="intent" value="twoFactorStart" />
            <Stack gap="md">
              {hasPassword && <PasswordField name="password" label={t("account.twoFactor.password")} autoComplete="current-password" required withAsterisk />}
              <SubmitButton style={{ alignSelf: "flex-start" }}>{t("account.twoFactor.start")}</SubmitButton>
            </Stack>
          </ValidatedForm>
        </Stack>
      )}
    </SectionCard>
  );
}

/** The ten backup codes, shown once right after enrolment, with copy and download. */
function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState(false);
  const text = codes.join("\n");
  if (dismissed) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconShieldCheck size={20} aria-hidden="true" color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} />
        <Text>{t("account.twoFactor.onText")}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      <Text fw={600}>{t("account.twoFactor.backupCodes.title")}</Text>
      <Text>{t("account.twoFactor.backupCodes.text")}</Text>
      <List listStyleType="none" spacing={4} data-testid="backup-codes" style={{ columns: "2 9rem" }}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={copy}>
              {t(copied ? "account.twoFactor.backupCodes.copied" : "account.twoFactor.backupCodes.copy")}
            </Button>
          )}
        </CopyButton>
        <Button component="a" variant="default" href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`} download="sellscribe-backup-codes.txt" leftSection={<IconDownload size={16} aria-hidden="true" />}>
          {t("account.twoFactor.backupCodes.download")}
        </Button>
        <Button onClick={() => setDismissed(true)}>{t("account.twoFactor.backupCodes.done")}</Button>
      </Group>
    </Stack>
  );
}
