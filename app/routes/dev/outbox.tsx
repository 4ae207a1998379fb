import { Card, Container, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import { isOwnHost } from "#server/request-guards.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/outbox";

// Mails kept when SMTP_URL is unset, so password reset works on a fresh machine. Never in production
// unless DEV_OUTBOX=1, and only under this server's own names (a DNS-rebinding page reads nothing).
export async function loader({ request }: Route.LoaderArgs) {
  const { config, mailer } = getServices();
  if (!config.mail.devOutbox || config.mail.smtpUrl || !isOwnHost(request.headers.get("host") ?? undefined, config.publicUrl)) throw data(null, { status: 404 });
  return { mails: mailer.outbox() };
}

export const meta: Route.MetaFunction = () => [{ title: "Dev outbox · Sellscribe" }, { name: "robots", content: "noindex" }];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <Container size="md" py="xl" component="main">
      <Title order={1}>{t("devOutbox.title")}</Title>
      <Text c="dimmed" mb="lg">
        {t("devOutbox.body")}
      </Text>
      {loaderData.mails.length === 0 && <Text>{t("devOutbox.empty")}</Text>}
      <Stack>
        {loaderData.mails.map((mail) => (
          <Card key={mail.id} withBorder component="article">
            <Text size="sm" c="dimmed">
              {mail.sentAt} · {mail.to}
            </Text>
            <Title order={2} fz="md" my={4}>
              {mail.subject}
            </Title>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {mail.text}
            </Text>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
