import { Accordion, Container, Title } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import belowTheFold from "./below-the-fold.module.css";

const entries: { id: string; question: MessageKey; answer: MessageKey }[] = [
  { id: "members", question: "faq.members.question", answer: "faq.members.answer" },
  { id: "original", question: "faq.original.question", answer: "faq.original.answer" },
  { id: "refund", question: "faq.refund.question", answer: "faq.refund.answer" },
  { id: "limits", question: "faq.limits.question", answer: "faq.limits.answer" },
  { id: "payments", question: "faq.payments.question", answer: "faq.payments.answer" },
];

/** Five questions; one open at a time, and clicking the open one closes it (Mantine's single mode). */
export function Faq({ supportEmail }: { supportEmail: string }) {
  const { t } = useI18n();
  return (
    <Container size="md" py={64} id="faq" className={belowTheFold.section}>
      <Title order={2} ta="center" mb="xl">
        {t("faq.title")}
      </Title>
      <Accordion variant="separated" radius="md" chevronPosition="right">
        {entries.map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id}>
            <Accordion.Control>{t(entry.question)}</Accordion.Control>
            <Accordion.Panel>{t(entry.answer, { email: supportEmail })}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
