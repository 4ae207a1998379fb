// The verify-your-e-mail banner and the e-mail card of /settings/personal (issue 19).
import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailExclamation } from "@tabler/icons-react";
import { useEffect, type CSSProperties } from "react";
import { Form, useFetcher } from "react-router";
import { SubmitButton, TextField } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { changeEmailSchema } from "./email-schemas.ts";

/** Mantine's light badge text (even its darkest green) is below 4.5:1 on its own tint: dark text on the tint passes. */
const badgeText = "var(--mantine-color-dark-7)";

type ResendAnswer = { sent?: MessageKey; email?: string; formError?: string; formErrorParams?: Record<string, string | number> };

/** Shown on every signed-in page until the address is verified; the app stays fully usable. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useI18n();
  const fetcher = useFetcher<ResendAnswer>();
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.sent) notifications.show({ color: "green", message: t(answer.sent, { email: answer.email ?? email }) });
    else if (answer.formError) notifications.show({ color: "red", message: t(answer.formError as MessageKey, answer.formErrorParams) });
  }, [answer, email, t]);
  return (
    <Alert color="yellow" variant="light" icon={<IconMailExclamation size={18} />} mb="md" role="status" data-testid="verify-email-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t("account.email.banner", { email })}</Text>
        <fetcher.Form method="post" action="/verify-email">
          <input type="hidden" name="intent" value="resend" />
          <Button type="submit" size="xs" variant="default" loading={fetcher.state !== "idle"}>
            {t("account.email.resend")}
          </Button>
        </fetcher.Form>
      </Group>
    </Alert>
  );
}

/** The address, whether it is verified, and a form to change it (confirmed by a link to the new address). */
export function EmailSettingsCard({ email, verified, result }: { email: string; verified: boolean; result: FormFailure | null }) {
  const { t } = useI18n();
  return (
    <SectionCard titleId="email-title" title={t("account.email.title")}>
      <Stack gap="md">
        <Group gap="xs">
          <Text fw={500} data-testid="current-email">
            {email}
          </Text>
          {/* Yellow's own text colour is too light on its tint: dark text, as the listing badges do. */}
          <Badge color={verified ? "green" : "yellow"} variant="light" style={{ "--badge-color": badgeText } as CSSProperties}>
            {verified ? t("account.email.verifiedBadge") : t("account.email.unverifiedBadge")}
          </Badge>
        </Group>
        <ValidatedForm schema={changeEmailSchema} result={result}>
          <input type="hidden" name="intent" value="email" />
          <Stack gap="md">
            <TextField name="newEmail" type="email" label={t("account.email.newEmail")} description={t("account.email.changeHint")} autoComplete="email" required withAsterisk />
            <SubmitButton style={{ alignSelf: "flex-start" }}>{t("account.email.submit")}</SubmitButton>
          </Stack>
        </ValidatedForm>
      </Stack>
    </SectionCard>
  );
}

/** External sign-ins: connected ones, and a button to connect the others (with a verified e-mail only). */
export function LinkedAccountsCard({ providers, verified, result }: { providers: { id: string; label: string; linked: boolean }[]; verified: boolean; result: FormFailure | null }) {
  const { t } = useI18n();
  if (!providers.length) return null;
  return (
    <SectionCard titleId="linked-title" title={t("account.email.linkTitle")}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {verified ? t("account.email.linkHint") : t("account.email.linkNeedsVerified")}
        </Text>
        {providers.map((provider) => (
          <Group key={provider.id} justify="space-between">
            <Text fw={500}>{provider.label}</Text>
            {provider.linked ? (
              <Badge color="green" variant="light" style={{ "--badge-color": badgeText } as CSSProperties}>
                {t("account.email.linkedBadge")}
              </Badge>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="link" />
                <input type="hidden" name="provider" value={provider.id} />
                <Button type="submit" size="xs" variant="default" disabled={!verified}>
                  {t("account.email.linkButton", { provider: provider.label })}
                </Button>
              </Form>
            )}
          </Group>
        ))}
        {result?.formError && (
          <Text size="sm" c="red" role="alert">
            {t(result.formError as MessageKey)}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
