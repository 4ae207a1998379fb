import { Container, Title } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import belowTheFold from "./below-the-fold.module.css";
import classes from "./faq.module.css";

const entries: { id: string; question: MessageKey; answer: MessageKey }[] = [
  { id: "members", question: "faq.members.question", answer: "faq.members.answer" },
  { id: "original", question: "faq.original.question", answer: "faq.original.answer" },
  { id: "refund", question: "faq.refund.question", answer: "faq.refund.answer" },
  { id: "limits", question: "faq.limits.question", answer: "faq.limits.answer" },
  { id: "payments", question: "faq.payments.question", answer: "faq.payments.answer" },
];

/**
 * Five questions; one open at a time, and clicking the open one closes it. Plain <details> sharing a
 * `name` (an exclusive group), so it works without JavaScript on the unhydrated public pages.
 */
export function Faq({ supportEmail }: { supportEmail: string }) {
  const { t } = useI18n();
  return (
    <Container size="md" py={64} id="faq" className={belowTheFold.section}>
      <Title order={2} ta="center" mb="xl">
        {t("faq.title")}
      </Title>
      {entries.map((entry) => (
        <details key={entry.id} name="faq" className={classes.item}>
          <summary className={classes.question}>
            <span>{t(entry.question)}</span>
            <IconChevronDown size={16} aria-hidden="true" className={classes.chevron} />
          </summary>
          <div className={classes.answer}>{t(entry.answer, { email: supportEmail })}</div>
        </details>
      ))}
    </Container>
  );
}
