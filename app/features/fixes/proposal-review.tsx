// The review of a proposed fix (issue 33 item 6): live vs proposed, section by section, word differences
// marked (app/features/listings/diff.ts), with Accept and Reject per section and for all. Plain forms: they
// work before hydration and from the keyboard.
import type { CSSProperties } from "react";
import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { Form } from "react-router";
import { diffWords } from "#app/features/listings/diff.ts";
import { DiffText } from "#app/features/listings/diff-pieces.tsx";
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import type { SectionName } from "#app/features/rules/types.ts";
import { useI18n } from "#app/i18n/context.tsx";

const text = (copy: ListingCopy, section: SectionName) => (section === "bullets" ? copy.bullets.join("\n") : copy[section]);

function Decision({ intent, section, version, label, busy }: { intent: "accept" | "reject"; section: SectionName | "all"; version: number; label: string; busy: boolean }) {
  const { t } = useI18n();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="version" value={version} />
      <Button type="submit" size={section === "all" ? "sm" : "compact-sm"} variant={intent === "accept" ? "filled" : "default"} leftSection={intent === "accept" ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />} aria-label={section === "all" ? undefined : label} disabled={busy}>
        {section === "all" ? label : t(intent === "accept" ? "fixes.proposal.accept" : "fixes.proposal.reject")}
      </Button>
    </Form>
  );
}

export function ProposalReview({ version, live, proposed, sections, passed, dir, busy }: { version: number; live: ListingCopy; proposed: ListingCopy; sections: readonly SectionName[]; passed: boolean; dir: "rtl" | "ltr"; busy: boolean }) {
  const { t } = useI18n();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {passed ? (
          <Badge variant="light">
            {t("fixes.proposal.passes")}
          </Badge>
        ) : (
          <Badge variant="light" color="red" style={{ "--badge-color": "var(--mantine-color-red-9)" } as CSSProperties}>
            {t("fixes.proposal.fails")}
          </Badge>
        )}
        <Group gap="xs">
          <Decision intent="accept" section="all" version={version} label={t("fixes.proposal.acceptAll")} busy={busy} />
          <Decision intent="reject" section="all" version={version} label={t("fixes.proposal.rejectAll")} busy={busy} />
        </Group>
      </Group>
      {sections.map((section) => {
        const diff = diffWords(text(live, section), text(proposed, section));
        const label = t(sectionLabels[section]);
        return (
          <Paper withBorder p="md" radius="md" key={section} component="section" aria-labelledby={`proposal-${section}`} data-section={section}>
            <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
              <Title order={2} fz="md" id={`proposal-${section}`}>
                {label}
              </Title>
              <Group gap="xs">
                <Decision intent="accept" section={section} version={version} label={t("fixes.proposal.acceptSection", { section: label })} busy={busy} />
                <Decision intent="reject" section={section} version={version} label={t("fixes.proposal.rejectSection", { section: label })} busy={busy} />
              </Group>
            </Group>
            <Grid gap="md">
              {(
                [
                  ["live", diff.left],
                  ["proposed", diff.right],
                ] as const
              ).map(([side, pieces]) => (
                <Grid.Col span={{ base: 12, sm: 6 }} key={side}>
                  <Text size="xs" c="dimmed" fw={600} mb={4}>
                    {t(side === "live" ? "fixes.proposal.live" : "fixes.proposal.proposed")}
                  </Text>
                  <DiffText pieces={pieces} side={side === "live" ? "old" : "new"} dir={dir} />
                </Grid.Col>
              ))}
            </Grid>
          </Paper>
        );
      })}
    </Stack>
  );
}
