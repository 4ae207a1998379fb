import { ActionIcon, Card, CopyButton, Group, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useI18n } from "#app/i18n/context.tsx";
import { OutputLint } from "#app/features/rules/output-lint.tsx";
import type { LiveOutput } from "./use-generation.ts";

/** One output on the New outputs tab; text (never HTML) that grows while it is written. */
export function LiveOutputCard({ output }: { output: LiveOutput }) {
  const { t } = useI18n();
  const writing = !output.finished;
  return (
    <Card withBorder padding="md" radius="md" aria-busy={writing} data-testid="new-output">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", flex: 1 }} className={writing ? "writing-caret" : undefined}>
          {output.content}
        </Text>
        {output.saved ? (
          <CopyButton value={output.content}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("generator.copied") : t("generator.copy")} withArrow>
                <ActionIcon variant="subtle" color={copied ? "brand" : "gray"} onClick={copy} aria-label={t("generator.copy")}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        ) : null}
      </Group>
      {output.saved ? <OutputLint templateId={output.saved.templateId} content={output.content} /> : null}
      {writing ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t("generator.writing")}
        </Text>
      ) : null}
    </Card>
  );
}
