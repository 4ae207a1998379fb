import { Card, Stack, Text, Title, type CardProps } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled section of a signed-in page: a bordered card labelled by its level-2 heading, with an optional dimmed intro above its content. */
export function SectionCard({ titleId, title, intro, children, ...card }: { titleId: string; title: ReactNode; intro?: ReactNode; children: ReactNode } & Omit<CardProps, "title" | "children">) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} {...card}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        {title}
      </Title>
      {intro === undefined ? (
        children
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          {children}
        </Stack>
      )}
    </Card>
  );
}
