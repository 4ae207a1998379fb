import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";

/** A full page for 404, other client errors and 500s, with a way back home. */
export function StatusPage({ status }: { status: number }) {
  const { t } = useI18n();
  const kind = status === 404 ? "notFound" : status >= 500 ? "serverError" : "clientError";
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
          {status}
        </Text>
        <Title order={1}>{t(`status.${kind}.title`)}</Title>
        <Text c="dimmed">{t(`status.${kind}.body`)}</Text>
        <Button component={Link} to="/" reloadDocument={status >= 500}>
          {t("status.backHome")}
        </Button>
      </Stack>
    </Container>
  );
}
