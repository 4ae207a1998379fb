import { Container, Stack, Text, Title } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";

export interface LegalSection {
  title: MessageKey;
  body: MessageKey;
}

/** A plain, readable document page (privacy policy, terms). */
export function LegalPage({ title, updated, sections, supportEmail }: { title: MessageKey; updated: MessageKey; sections: LegalSection[]; supportEmail: string }) {
  const { t } = useI18n();
  return (
    <Container size="sm" py={{ base: 48, sm: 72 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t(title)}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t(updated)}
          </Text>
        </div>
        {sections.map((section) => (
          <section key={section.title}>
            <Title order={2} fz="lg" mb={6}>
              {t(section.title)}
            </Title>
            <Text>{t(section.body, { email: supportEmail })}</Text>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
