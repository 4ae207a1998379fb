import { Anchor, Blockquote, Container, Stack, Text, Title } from "@mantine/core";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useSupportEmail } from "#app/features/marketing/use-support-email.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "about.meta.title", "about.meta.description");

export default function About() {
  const supportEmail = useSupportEmail();
  const { t } = useI18n();
  const [before, after] = t("about.contact").split("{email}");
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack gap="lg">
        <Title order={1}>{t("about.title")}</Title>
        <Blockquote cite={t("about.mission.label")} radius="md">
          <Text fz="xl" fw={600}>
            {t("about.mission")}
          </Text>
        </Blockquote>
        <Text>{t("about.body1")}</Text>
        <Text>{t("about.body2")}</Text>
        <Text>
          {before}
          <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
          {after}
        </Text>
      </Stack>
    </Container>
  );
}
