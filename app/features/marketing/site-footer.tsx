import { Anchor, Box, Button, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useLocation } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { locales, type Locale, type MessageKey } from "#app/i18n/i18n.ts";
import classes from "./site-footer.module.css";

interface FooterLink {
  label: MessageKey;
  to: string;
  external?: boolean;
}

const columns: { title: MessageKey; links: FooterLink[] }[] = [
  {
    title: "footer.products",
    links: [
      { label: "footer.product.description", to: "/templates/descriptionGenerator" },
      { label: "footer.product.reviews", to: "/templates/reviewGenerator" },
      { label: "footer.product.existingCopy", to: "/templates/existingCopyGenerator" },
      { label: "footer.product.keywords", to: "/templates/keyWordGenerator" },
    ],
  },
  {
    title: "footer.social",
    links: [
      { label: "footer.social.linkedin", to: "https://www.linkedin.com/", external: true },
      { label: "footer.social.instagram", to: "https://www.instagram.com/", external: true },
      { label: "footer.social.youtube", to: "https://www.youtube.com/", external: true },
    ],
  },
  {
    title: "footer.company",
    links: [
      { label: "nav.about", to: "/about" },
      { label: "nav.pricing", to: "/pricing" },
      { label: "footer.faq", to: "/#faq" },
    ],
  },
  {
    title: "footer.help",
    links: [
      { label: "footer.help.signIn", to: "/sign-in" },
      { label: "footer.help.forgotPassword", to: "/forgot-password" },
      { label: "footer.help.guarantee", to: "/pricing#guarantee" },
    ],
  },
];

/** Each language under its own name, so a reader finds theirs whatever the page's language (a new locale fails typecheck here). */
const languageNames: Record<Locale, string> = { en: "English", es: "Español", de: "Deutsch", fr: "Français" };

export function SiteFooter({ supportEmail }: { supportEmail: string }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xl">
          <Stack gap="xs">
            <Logo />
            <Text size="sm" c="dimmed">
              {t("footer.tagline")}
            </Text>
            <Anchor href={`mailto:${supportEmail}`} size="sm">
              {supportEmail}
            </Anchor>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                {t(column.title)}
              </Title>
              {column.links.map((link) =>
                link.external ? (
                  <Anchor key={link.label} href={link.to} size="sm" c="var(--mantine-color-text)" target="_blank" rel="noopener noreferrer">
                    {t(link.label)}
                  </Anchor>
                ) : (
                  <Anchor key={link.label} component={Link} to={link.to} size="sm" c="var(--mantine-color-text)">
                    {t(link.label)}
                  </Anchor>
                ),
              )}
            </Stack>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="md">
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {t("footer.copyright", { year: String(new Date().getFullYear()) })}
            </Text>
            <Anchor component={Link} to="/privacy" size="sm">
              {t("footer.privacy")}
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm">
              {t("footer.terms")}
            </Anchor>
          </Group>
          <Form method="post" action="/set-language" aria-label={t("footer.language")}>
            <input type="hidden" name="redirectTo" value={location.pathname + location.search + location.hash} />
            <Group gap={4}>
              <Text size="sm" c="dimmed" component="span" mr={4}>
                {t("footer.language")}:
              </Text>
              {locales.map((option) => (
                <Button key={option} type="submit" name="locale" value={option} size="compact-sm" variant={locale === option ? "light" : "subtle"} aria-pressed={locale === option} lang={option}>
                  {languageNames[option]}
                </Button>
              ))}
            </Group>
          </Form>
        </Group>
      </Container>
    </Box>
  );
}
