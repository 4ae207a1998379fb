import { Group, Text } from "@mantine/core";

/** The mark and the name; `compact` drops the name (narrow top bars). */
export function Logo({ size = 28, compact = false }: { size?: number; compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden="true" />
      {compact ? null : (
        <Text component="span" fw={800} fz="lg" c="var(--mantine-color-text)">
          Sellscribe
        </Text>
      )}
    </Group>
  );
}
