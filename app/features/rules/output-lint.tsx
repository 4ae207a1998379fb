import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useId, useMemo, useState } from "react";
import { lintListing } from "./lint.ts";
import { defaultRuleSetId, getRuleSet } from "./registry.ts";
import type { SectionName } from "./types.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { ViolationList } from "./violation-list.tsx";

/** The listing section a generator's output is: titles and descriptions are checked like a listing's. */
const sectionOfTemplate: Partial<Record<string, SectionName>> = { productTitle: "title", description: "description" };

/** Under an output card: whether the text passes Amazon's rules for its section, and what breaks them. */
export function OutputLint({ templateId, content }: { templateId: string; content: string }) {
  const { t } = useI18n();
  const section = sectionOfTemplate[templateId];
  const ruleSet = getRuleSet(defaultRuleSetId)!;
  const violations = useMemo(() => {
    if (!section) return [];
    const report = lintListing({ ruleSet, sections: { [section]: content } });
    return report.sections[section === "title" ? "title" : "description"]?.violations ?? [];
  }, [ruleSet, section, content]);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!section || content.trim() === "") return null;
  const errors = violations.filter((violation) => violation.severity === "error").length;
  if (violations.length === 0)
    return (
      <Group gap={6} mt="xs" wrap="nowrap" data-testid="output-lint">
        <IconCircleCheck size={16} color="var(--mantine-color-brand-7)" aria-hidden />
        <Text size="xs" c="dimmed">
          {t("listings.outputLint.passes", { ruleSet: ruleSet.name })}
        </Text>
      </Group>
    );
  return (
    <Stack gap={4} mt="xs" data-testid="output-lint">
      <Group gap={6} wrap="nowrap">
        {errors > 0 ? <IconCircleX size={16} color="var(--mantine-color-red-7)" aria-hidden /> : <IconAlertTriangle size={16} color="var(--mantine-color-yellow-8)" aria-hidden />}
        <Anchor component="button" type="button" size="xs" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)} c={errors > 0 ? "red.9" : undefined}>
          {errors > 0 ? t("listings.outputLint.fails", { count: errors, ruleSet: ruleSet.name }) : t("listings.outputLint.tips", { count: violations.length })}
        </Anchor>
      </Group>
      <div id={id} hidden={!open}>
        <ViolationList violations={violations} />
      </div>
    </Stack>
  );
}
