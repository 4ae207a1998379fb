import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";

/** The head of a list page: its title, a line under it and the button that starts a new item. */
export function ListPageHeader({ title, subtitle, newTo, newLabel }: { title: string; subtitle: string; newTo: string; newLabel: string }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      <Button component={Link} to={newTo} leftSection={<IconPlus size={18} aria-hidden />}>
        {newLabel}
      </Button>
    </Group>
  );
}
