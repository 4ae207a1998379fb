import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Input, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { Form } from "react-router";
import { ConfirmAction } from "#app/components/confirm-action.tsx";
import { SubmitButton, TextField } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { useFormState, ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import type { ApiKeyRow } from "./api-keys.server.ts";
import { createApiKeySchema } from "./schemas.ts";
import { apiKeyScopes } from "./scopes.ts";

/** A key just created: the only time its secret is on a page. */
export interface NewApiKey {
  name: string;
  key: string;
}

/**
 * Settings → Workspace → API keys (issue 35): owners create keys (name, scopes, optional expiry), see a new key's
 * secret once, and revoke keys; members see what keys are for, not the keys.
 */
export function ApiKeysSection({ keys, result, newKey }: { keys: ApiKeyRow[] | null; result: FormFailure | null; newKey: NewApiKey | null }) {
  const { t } = useI18n();
  return (
    <div id="api-keys" style={{ scrollMarginTop: 80 }}>
      <SectionCard titleId="api-keys-title" title={t("apiKeys.title")} intro={t("apiKeys.intro")}>
        {keys === null ? (
          <Text size="sm" c="dimmed">
            {t("apiKeys.ownerOnly")}
          </Text>
        ) : (
          <Stack gap="md">
            {newKey ? <NewKeyAlert newKey={newKey} /> : null}
            {/* A new form after each key: the fields start empty again. */}
            <ValidatedForm key={newKey?.key ?? "new"} schema={createApiKeySchema} result={result} preventScrollReset>
              <input type="hidden" name="intent" value="apiKeyCreate" />
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextField name="name" label={t("apiKeys.name")} description={t("apiKeys.nameHint")} required withAsterisk maxLength={100} autoComplete="off" />
                  <TextField name="expiresOn" type="date" label={t("apiKeys.expires")} description={t("apiKeys.expiresHint")} />
                </SimpleGrid>
                <ScopeChoices />
                <SubmitButton style={{ alignSelf: "flex-start" }} leftSection={<IconKey size={16} aria-hidden />}>
                  {t("apiKeys.create")}
                </SubmitButton>
              </Stack>
            </ValidatedForm>
            <KeyList keys={keys} />
          </Stack>
        )}
      </SectionCard>
    </div>
  );
}

function ScopeChoices() {
  const { t } = useI18n();
  const form = useFormState();
  const error = form.errorFor("scopes");
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={error ? "api-key-scopes-error" : undefined}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {t("apiKeys.scopes")}{" "}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      <Stack gap={6} mt={4}>
        {apiKeyScopes.map((scope) => (
          <Checkbox key={scope} name={scope} value="on" defaultChecked={scope === "read"} label={t(`apiKeys.scope.${scope}`)} description={t(`apiKeys.scope.${scope}Hint`)} onChange={() => form.touch("scopes")} />
        ))}
      </Stack>
      {error ? <Input.Error id="api-key-scopes-error" mt={4}>{error}</Input.Error> : null}
    </fieldset>
  );
}

function NewKeyAlert({ newKey }: { newKey: NewApiKey }) {
  const { t } = useI18n();
  return (
    <Alert color="green" variant="light" role="status" icon={<IconKey aria-hidden />}>
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {t("apiKeys.created.title", { name: newKey.name })}
        </Text>
        <Text size="sm">{t("apiKeys.created.once")}</Text>
        <Code block data-testid="new-api-key" style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}>
          {newKey.key}
        </Code>
        <CopyButton value={newKey.key}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? "filled" : "default"} color={copied ? "green" : undefined} onClick={copy} style={{ alignSelf: "flex-start" }}>
              {copied ? t("apiKeys.copied") : t("apiKeys.copy")}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

function KeyList({ keys }: { keys: ApiKeyRow[] }) {
  const { t, locale } = useI18n();
  if (keys.length === 0) return <Text size="sm" c="dimmed">{t("apiKeys.empty")}</Text>;
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium", timeZone: "UTC" });
  const when = (iso: string | null, none: string) => (iso ? dateFormat.format(new Date(iso)) : none);
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("apiKeys.listLabel")}>
      {keys.map((key) => (
        <Paper key={key.id} component="li" withBorder p="sm" radius="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {key.name}
                </Text>
                <Code>{`ss_live_${key.prefix}_…`}</Code>
              </Group>
              <Group gap={4} aria-label={t("apiKeys.scopes")}>
                {key.scopes.map((scope) => (
                  <Badge key={scope} size="sm" variant="light">
                    {t(`apiKeys.scope.${scope}`)}
                  </Badge>
                ))}
              </Group>
              <Text size="xs" c="dimmed">
                {t("apiKeys.meta", { creator: key.creatorName, created: when(key.createdAt, ""), lastUsed: when(key.lastUsedAt, t("apiKeys.neverUsed")), expires: key.expiresAt ? dateFormat.format(new Date(Date.parse(key.expiresAt) - 1)) : t("apiKeys.noExpiry") })}
              </Text>
            </Stack>
            <ConfirmAction
              question={t("apiKeys.revokeQuestion", { name: key.name })}
              confirmLabel={t("apiKeys.revoke")}
              aria-label={t("apiKeys.revokeNamed", { name: key.name })}
              style={{ flexShrink: 0 }}
              renderConfirm={(button) => (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="apiKeyRevoke" />
                  <input type="hidden" name="id" value={key.id} />
                  {button}
                </Form>
              )}
            >
              {t("apiKeys.revoke")}
            </ConfirmAction>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
