import { Card, Title, type CardProps } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled section of a signed-in page: a bordered card labelled by its level-2 heading. */
export function SectionCard({ titleId, title, children, ...card }: { titleId: string; title: ReactNode; children: ReactNode } & Omit<CardProps, "title" | "children">) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} {...card}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
