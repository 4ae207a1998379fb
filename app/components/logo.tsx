import { Group, Text } from "@mantine/core";

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden="true" />
      <Text component="span" fw={800} fz="lg" c="var(--mantine-color-text)">
        Sellscribe
      </Text>
    </Group>
  );
}
