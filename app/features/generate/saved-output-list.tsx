import { Badge, Card, Stack, Text } from "@mantine/core";
import { EmptyState } from "~/components/empty-state.tsx";
import type { OutputView } from "~/features/outputs/outputs.server.ts";
import { useI18n } from "~/i18n/context.tsx";

/** A generator's History tab: this user's saved outputs of the template, newest first. */
export function SavedOutputList({ outputs, emptyTitle, emptyBody }: { outputs: OutputView[]; emptyTitle: string; emptyBody: string }) {
  const { locale } = useI18n();
  if (outputs.length === 0) return <EmptyState title={emptyTitle}>{emptyBody}</EmptyState>;
  const format = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <Stack gap="md" data-testid="history-list">
      {outputs.map((output) => (
        <Card key={output.id} withBorder padding="md" radius="md" data-testid="history-output">
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {output.content}
          </Text>
          <Badge variant="light" mt="xs">
            {format.format(new Date(output.createdAt))}
          </Badge>
        </Card>
      ))}
    </Stack>
  );
}
