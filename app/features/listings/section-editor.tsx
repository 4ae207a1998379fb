import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconCopy, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useRef, type CSSProperties, type ReactNode } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import type { SectionReport, Violation } from "#app/features/rules/types.ts";
import { ViolationList } from "#app/features/rules/violation-list.tsx";
import { HighlightedTextarea } from "./highlighted-textarea.tsx";

/** "78 / 75 characters" or "251 / 249 bytes", red when over. */
export function LimitCounter({ report, unit, id }: { report: SectionReport | undefined; unit: "chars" | "bytes"; id?: string }) {
  const { t } = useI18n();
  if (!report || report.limit === null) return null;
  const count = unit === "bytes" ? report.bytes : report.chars;
  const over = count > report.limit;
  return (
    <Text id={id} size="xs" c={over ? "red.8" : "dimmed"} fw={over ? 600 : undefined} aria-live="polite">
      {t(unit === "bytes" ? "listings.counter.bytes" : "listings.counter.chars", { count, limit: report.limit })}
    </Text>
  );
}

/** Passes / N problems, for a section header. */
export function SectionStatus({ violations }: { violations: readonly Violation[] }) {
  const { t } = useI18n();
  const errors = violations.filter((violation) => violation.severity === "error").length;
  if (errors > 0)
    return (
      <Badge color="red" variant="light" leftSection={<IconCircleX size={12} aria-hidden />} style={{ "--badge-color": "var(--mantine-color-red-9)" } as CSSProperties}>
        {t("listings.section.errors", { count: errors })}
      </Badge>
    );
  if (violations.length > 0)
    return (
      <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} style={{ "--badge-color": "var(--mantine-color-dark-7)" } as CSSProperties}>
        {t("listings.section.warnings", { count: violations.length })}
      </Badge>
    );
  return (
    <Badge variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      {t("listings.section.passes")}
    </Badge>
  );
}

/** One editable text with its counter, highlighted violations and their list. */
export function SectionText({
  id,
  label,
  value,
  report,
  unit = "chars",
  disabled,
  dir,
  onChange,
  onRemove,
}: {
  id: string;
  label: string;
  value: string;
  report: SectionReport | undefined;
  unit?: "chars" | "bytes";
  disabled?: boolean;
  dir?: "rtl" | "ltr";
  onChange(value: string): void;
  onRemove?(): void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLTextAreaElement>(null);
  const violations = report?.violations ?? [];
  const select = (violation: Violation) => {
    const input = ref.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(violation.start, violation.end);
  };
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {label}
        </Text>
        <Group gap={6} wrap="nowrap">
          <LimitCounter report={report} unit={unit} id={`${id}-count`} />
          {onRemove && (
            <Tooltip label={t("listings.bullet.remove")} withArrow>
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={onRemove} aria-label={`${t("listings.bullet.remove")}: ${label}`} disabled={disabled}>
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <HighlightedTextarea
        ref={ref}
        id={id}
        value={value}
        violations={violations}
        onValueChange={onChange}
        disabled={disabled}
        dir={dir}
        aria-invalid={violations.some((violation) => violation.severity === "error")}
        aria-describedby={`${id}-count ${id}-problems`}
      />
      <ViolationList violations={violations} onSelect={select} id={`${id}-problems`} />
    </Stack>
  );
}

/** A section's card: title, status, regenerate and copy, and its editor(s). */
export function SectionCardFrame({
  id,
  title,
  violations,
  running,
  busy,
  live,
  copyText,
  onRegenerate,
  children,
}: {
  id: string;
  title: string;
  violations: readonly Violation[];
  running: boolean;
  /** This section is being written right now. */
  busy: boolean;
  /** Shown instead of the editor while the section streams. */
  live?: ReactNode;
  copyText: string;
  onRegenerate(): void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyText);
      notifications.show({ color: "teal", message: t("listings.copied", { section: title }) });
    } catch {
      notifications.show({ color: "red", message: t("listings.copyFailed") });
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-heading`} aria-busy={busy} id={id} style={{ scrollMarginTop: 80 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="md" id={`${id}-heading`}>
              {title}
            </Title>
            {!busy && <SectionStatus violations={violations} />}
          </Group>
          <Group gap={4}>
            <Button size="compact-sm" variant="subtle" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRegenerate} disabled={running} aria-label={`${t("listings.section.regenerate")}: ${title}`}>
              {t("listings.section.regenerate")}
            </Button>
            <Tooltip label={t("listings.section.copy")} withArrow>
              <ActionIcon variant="subtle" color="gray" onClick={copy} disabled={copyText.trim() === ""} aria-label={`${t("listings.section.copy")}: ${title}`}>
                <IconCopy size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {busy && live ? live : children}
      </Stack>
    </Paper>
  );
}
