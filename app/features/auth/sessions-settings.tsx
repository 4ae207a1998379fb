// Settings → Personal: the devices signed in to the account, each with a Sign out button, and one to sign out all the others.
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import type { CSSProperties } from "react";
import { Form } from "react-router";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import type { SessionItem } from "./sessions.server.ts";

export function SessionsSettings({ sessions }: { sessions: SessionItem[] }) {
  const { t, locale } = useI18n();
  // UTC, named: the server and the browser render the same text.
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
  const others = sessions.filter((session) => !session.current);
  return (
    <SectionCard titleId="sessions-title" title={t("account.sessions.title")} intro={t("account.sessions.intro")}>
      <Stack component="ul" gap="sm" aria-label={t("account.sessions.list")} p={0} m={0} style={{ listStyle: "none" }}>
        {sessions.map((session) => {
          const device = t("account.sessions.device", { browser: session.browser ?? t("account.sessions.unknownBrowser"), system: session.system ?? t("account.sessions.unknownSystem") });
          const lastSeen = dateFormat.format(new Date(session.lastSeenAt));
          return (
            <Group key={session.id} component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="session" data-current={session.current || undefined}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={500}>{device}</Text>
                  {session.current ? (
                    <Badge color="blue" variant="light" style={{ "--badge-color": "var(--mantine-color-blue-9)" } as CSSProperties}>
                      {t("account.sessions.current")}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {session.ipAddress ? t("account.sessions.ip", { ip: session.ipAddress }) : t("account.sessions.unknownIp")} · {t("account.sessions.lastSeen", { date: lastSeen })}
                </Text>
              </Stack>
              {session.current ? null : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="revokeSession" />
                  <input type="hidden" name="id" value={session.id} />
                  <Button type="submit" variant="default" size="xs" aria-label={t("account.sessions.revokeLabel", { device, date: lastSeen })}>
                    {t("account.sessions.revoke")}
                  </Button>
                </Form>
              )}
            </Group>
          );
        })}
      </Stack>
      {others.length > 1 ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="revokeOtherSessions" />
          <Button type="submit" variant="light" color="red">
            {t("account.sessions.revokeOthers")}
          </Button>
        </Form>
      ) : null}
    </SectionCard>
  );
}
