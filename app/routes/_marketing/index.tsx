import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, type ContainerProps, type MantineSpacing } from "@mantine/core";
import { IconFileDescription, IconKey, IconPlayerPlay, IconSparkles } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Faq } from "#app/features/marketing/faq.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useSupportEmail } from "#app/features/marketing/use-support-email.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import type { Route } from "./+types/index";
import belowTheFold from "#app/features/marketing/below-the-fold.module.css";
import classes from "./landing.module.css";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "landing.meta.title", "landing.meta.description");

const features: { icon: typeof IconSparkles; title: MessageKey; body: MessageKey }[] = [
  { icon: IconFileDescription, title: "landing.feature.write.title", body: "landing.feature.write.body" },
  { icon: IconSparkles, title: "landing.feature.improve.title", body: "landing.feature.improve.body" },
  { icon: IconKey, title: "landing.feature.keywords.title", body: "landing.feature.keywords.body" },
];

const stats: { value: MessageKey; label: MessageKey }[] = [
  { value: "landing.stats.descriptions.value", label: "landing.stats.descriptions.label" },
  { value: "landing.stats.hours.value", label: "landing.stats.hours.label" },
  { value: "landing.stats.stores.value", label: "landing.stats.stores.label" },
  { value: "landing.stats.monthly.value", label: "landing.stats.monthly.label" },
];

const testimonials: { quote: MessageKey; name: MessageKey; role: MessageKey }[] = [
  { quote: "landing.testimonial1.quote", name: "landing.testimonial1.name", role: "landing.testimonial1.role" },
  { quote: "landing.testimonial2.quote", name: "landing.testimonial2.name", role: "landing.testimonial2.role" },
];

export default function Landing() {
  const supportEmail = useSupportEmail();
  const { t } = useI18n();
  return (
    <>
      <Box className={classes.hero}>
        <Container size="md" py={{ base: 56, sm: 96 }}>
          <Stack align="center" ta="center" gap="lg">
            <Text className={classes.eyebrow}>{t("landing.hero.eyebrow")}</Text>
            <Title order={1} className={classes.heroTitle}>
              {t("landing.hero.title")}
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              {t("landing.hero.body")}
            </Text>
            <Group justify="center">
              <Button component={Link} to="/sign-up" size="lg">
                {t("landing.hero.cta")}
              </Button>
              <Button component={Link} to="/pricing" size="lg" variant="default">
                {t("landing.hero.secondary")}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t("landing.hero.note")}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={64} component="section" aria-labelledby="features-title" className={belowTheFold.section}>
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title order={2} id="features-title">
            {t("landing.features.title")}
          </Title>
          <Text c="dimmed">{t("landing.features.subtitle")}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map((feature) => (
            <Card key={feature.title} withBorder padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <feature.icon size={24} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {t(feature.title)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(feature.body)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box component="section" className={`${classes.stats} ${belowTheFold.section}`} aria-labelledby="stats-title">
        <Container size="lg" py={56}>
          <Title order={2} id="stats-title" ta="center" mb="xl">
            {t("landing.stats.title")}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
            {stats.map((stat) => (
              <Stack key={stat.label} gap={2} align="center" ta="center">
                <Text fz={{ base: 28, sm: 36 }} fw={800} className={classes.statValue}>
                  {t(stat.value)}
                </Text>
                <Text size="sm">{t(stat.label)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <CenteredSection titleId="testimonials-title" title={t("landing.testimonials.title")} size="lg" py={64}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {testimonials.map((item) => (
            <Card key={item.name} withBorder padding="xl" component="figure" m={0}>
              <Text component="blockquote" m={0} fz="md" lh={1.6}>
                “{t(item.quote)}”
              </Text>
              <Text component="figcaption" mt="md" size="sm">
                <Text span fw={700}>
                  {t(item.name)}
                </Text>
                {" · "}
                <Text span c="dimmed">
                  {t(item.role)}
                </Text>
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </CenteredSection>

      <CenteredSection titleId="video-title" title={t("landing.video.title")} titleGap="lg" size="md" pb={64}>
        <Box className={classes.video} role="img" aria-label={t("landing.video.placeholder")}>
          <ThemeIcon size={64} radius="xl" variant="white" aria-hidden="true">
            <IconPlayerPlay size={32} />
          </ThemeIcon>
          <Text c="white" fw={500}>
            {t("landing.video.placeholder")}
          </Text>
        </Box>
      </CenteredSection>
      <Faq supportEmail={supportEmail} />
      <Box component="section" className={`${classes.cta} ${belowTheFold.section}`} aria-labelledby="cta-title">
        <Container size="md" py={64}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id="cta-title" c="white">
              {t("landing.cta.title")}
            </Title>
            <Text c="white" maw={560}>
              {t("landing.cta.body")}
            </Text>
            <Button component={Link} to="/sign-up" size="lg" variant="white" color="dark">
              {t("landing.cta.button")}
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}

/** A below-the-fold section of the landing page with a centred heading. */
function CenteredSection({ titleId, title, titleGap = "xl", children, ...container }: { titleId: string; title: string; titleGap?: MantineSpacing; children: ReactNode } & Omit<ContainerProps, "title" | "children">) {
  return (
    <Container component="section" aria-labelledby={titleId} className={belowTheFold.section} {...container}>
      <Title order={2} id={titleId} ta="center" mb={titleGap}>
        {title}
      </Title>
      {children}
    </Container>
  );
}
