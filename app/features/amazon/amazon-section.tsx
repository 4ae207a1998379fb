import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { Form } from "react-router";
import { ConfirmAction } from "#app/components/confirm-action.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { Locale, MessageKey } from "#app/i18n/i18n.ts";
import { intlTag } from "#app/lib/intl.ts";
import type { AmazonCard, AmazonConnectionView } from "./card.server.ts";
import { ImportPanel } from "./import/import-panel.tsx";
import type { RegionId } from "./regions.ts";

export const regionLabels: Record<RegionId, MessageKey> = { na: "amazon.region.na", eu: "amazon.region.eu", fe: "amazon.region.fe" };

/** What came back from Seller Central, shown once at the top of the card (?amazon=… on the settings page). */
export const amazonNotices = {
  connected: { message: "amazon.notice.connected", color: "green" },
  disconnected: { message: "amazon.notice.disconnected", color: "green" },
  denied: { message: "amazon.error.denied", color: "yellow" },
  badState: { message: "amazon.error.badState", color: "red" },
  codeRejected: { message: "amazon.error.codeRejected", color: "red" },
  failed: { message: "amazon.error.failed", color: "red" },
  notSetUp: { message: "amazon.error.notSetUp", color: "red" },
  ownerOnly: { message: "amazon.error.ownerOnly", color: "red" },
} as const satisfies Record<string, { message: MessageKey; color: string }>;
export type AmazonNotice = keyof typeof amazonNotices;

export function isAmazonNotice(value: string | null): value is AmazonNotice {
  return value !== null && Object.hasOwn(amazonNotices, value);
}

function countryLabel(country: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlTag(locale)], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

/**
 * Settings → Workspace → Amazon: per region, connect Seller Central or see the connection (seller id,
 * stores, who connected it and when, when to authorize again) and disconnect it. Members see it read-only.
 */
export function AmazonSection({ card, canChange, notice, noticeRegion, busy, membersMayPublish }: { card: AmazonCard; canChange: boolean; notice?: AmazonNotice; noticeRegion?: RegionId; busy?: string; membersMayPublish?: boolean }) {
  const { t } = useI18n();
  const shown = notice ? amazonNotices[notice] : undefined;
  return (
    <div id="amazon" style={{ scrollMarginTop: 80 }}>
    <SectionCard titleId="amazon-title" title={t("amazon.title")} intro={t("amazon.intro")}>
      {shown ? (
        <Alert color={shown.color} variant="light" role={shown.color === "green" ? "status" : "alert"} icon={<IconInfoCircle aria-hidden />}>
          {t(shown.message, { region: noticeRegion ? t(regionLabels[noticeRegion]) : "" })}
        </Alert>
      ) : null}
      {!card.setUp ? (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t("amazon.notSetUp")}
        </Alert>
      ) : (
        <Stack gap="sm">
          {!canChange ? <Text size="sm" c="dimmed">{t("amazon.ownerOnlyHint")}</Text> : null}
          {card.regions.map(({ region, connection }) => (
            <RegionRow key={region} region={region} connection={connection} canChange={canChange} busy={busy} />
          ))}
          {membersMayPublish === undefined ? null : <PublishPermissionForm allowed={membersMayPublish} canChange={canChange} busy={busy === "membersMayPublish"} />}
        </Stack>
      )}
    </SectionCard>
    </div>
  );
}

/** The owner's switch (issue 34 item 4): members may publish listings to Amazon and roll them back, or only owners. */
function PublishPermissionForm({ allowed, canChange, busy }: { allowed: boolean; canChange: boolean; busy: boolean }) {
  const { t } = useI18n();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="membersMayPublish" />
      <Stack gap="xs">
        {/* The key: after saving, the switch shows what is stored, not what was last clicked. */}
        <Switch key={String(allowed)} name="membersMayPublish" value="on" defaultChecked={allowed} disabled={!canChange} label={t("amazon.publish.permission.label")} description={t("amazon.publish.permission.hint")} />
        {canChange ? (
          <Button type="submit" size="xs" variant="default" loading={busy} style={{ alignSelf: "flex-start" }}>
            {t("amazon.publish.permission.save")}
          </Button>
        ) : null}
      </Stack>
    </Form>
  );
}

function ConnectForm({ region, label, busy }: { region: RegionId; label: string; busy: boolean }) {
  const { t } = useI18n();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="amazonConnect" />
      <input type="hidden" name="region" value={region} />
      <Button type="submit" size="xs" loading={busy} aria-label={t("amazon.connectAria", { region: t(regionLabels[region]) })}>
        {label}
      </Button>
    </Form>
  );
}

function RegionRow({ region, connection, canChange, busy }: { region: RegionId; connection: AmazonConnectionView | null; canChange: boolean; busy?: string }) {
  const { t, locale } = useI18n();
  const regionName = t(regionLabels[region]);
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium", timeZone: "UTC" });
  const needsAgain = connection?.status === "needs_reauthorization";
  // The brand's light badge when connected (as "completed" jobs); others in their darkest shade, readable on light (WCAG AA).
  const badge = !connection ? { color: "gray", text: "gray-8" } : needsAgain ? { color: "red", text: "red-9" } : undefined;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={`amazon-${region}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="md" id={`amazon-${region}`}>
              {regionName}
            </Title>
            <Badge variant="light" color={badge?.color} style={badge ? ({ "--badge-color": `var(--mantine-color-${badge.text})` } as CSSProperties) : undefined}>
              {t(!connection ? "amazon.status.notConnected" : needsAgain ? "amazon.status.needsReauthorization" : "amazon.status.connected")}
            </Badge>
          </Group>
          {canChange && !connection ? <ConnectForm region={region} label={t("amazon.connect")} busy={busy === `connect:${region}`} /> : null}
        </Group>
        {connection ? (
          <>
            {needsAgain ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {t("amazon.needsReauthorization", { region: regionName })}
              </Alert>
            ) : connection.reauthorizeSoon ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {t("amazon.reauthorizeSoon", { region: regionName, date: dateFormat.format(new Date(connection.reauthorizeBy)) })}
              </Alert>
            ) : null}
            <Text size="sm">
              {t("amazon.sellerId")}: <Text span ff="monospace" size="sm">{connection.sellingPartnerId}</Text>
            </Text>
            <Text size="sm">
              {t("amazon.stores")}: {connection.stores.length ? connection.stores.map((store) => `${store.label} (${countryLabel(store.country, locale)})`).join(", ") : t("amazon.noStores")}
            </Text>
            <Text size="xs" c="dimmed">
              {connection.connectedByName
                ? t("amazon.connectedBy", { name: connection.connectedByName, date: dateFormat.format(new Date(connection.connectedAt)) })
                : t("amazon.connectedByFormer", { date: dateFormat.format(new Date(connection.connectedAt)) })}
              {" · "}
              {t("amazon.reauthorizeBy", { date: dateFormat.format(new Date(connection.reauthorizeBy)) })}
            </Text>
            <ImportPanel connectionId={connection.id} stores={connection.stores} regionName={regionName} canStart={canChange} />
            {canChange ? (
              <Group gap="xs">
                {needsAgain || connection.reauthorizeSoon ? <ConnectForm region={region} label={t("amazon.reauthorize")} busy={busy === `connect:${region}`} /> : null}
                <ConfirmAction
                  question={t("amazon.disconnectQuestion", { region: regionName })}
                  confirmLabel={t("amazon.disconnect")}
                  loading={busy === "disconnect"}
                  aria-label={t("amazon.disconnectAria", { region: regionName })}
                  renderConfirm={(button) => (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="amazonDisconnect" />
                      <input type="hidden" name="id" value={connection.id} />
                      {button}
                    </Form>
                  )}
                >
                  {t("amazon.disconnect")}
                </ConfirmAction>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
