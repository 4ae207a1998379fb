import { Stack } from "@mantine/core";
import { useState } from "react";
import { EmptyState } from "#app/components/empty-state.tsx";
import { OutputCard } from "#app/features/outputs/output-card.tsx";
import type { OutputView } from "#app/features/outputs/outputs.server.ts";

interface SavedOutputListProps {
  outputs: OutputView[];
  /** The loader's clock, so server and browser print the same relative dates. */
  now: number;
  emptyTitle: string;
  emptyBody: string;
}

const newestFirst = (a: OutputView, b: OutputView) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id.localeCompare(a.id));

/** A generator's History tab: this user's saved outputs of the template, newest first, with the full card actions. */
export function SavedOutputList({ outputs, now, emptyTitle, emptyBody }: SavedOutputListProps) {
  const [items, setItems] = useState(outputs);
  // A reload (new outputs arrived) replaces the list; edits in between live in local state.
  const [source, setSource] = useState(outputs);
  if (source !== outputs) {
    setSource(outputs);
    setItems(outputs);
  }
  if (items.length === 0) return <EmptyState title={emptyTitle}>{emptyBody}</EmptyState>;
  return (
    <Stack gap="md" data-testid="history-list">
      {items.map((output) => (
        <OutputCard
          key={output.id}
          output={output}
          now={now}
          onChange={(changed) => setItems((list) => list.map((item) => (item.id === changed.id ? changed : item)))}
          onRemoved={(removed) => setItems((list) => list.filter((item) => item.id !== removed.id))}
          onRestored={(restored) => setItems((list) => [...list.filter((item) => item.id !== restored.id), restored].sort(newestFirst))}
        />
      ))}
    </Stack>
  );
}
