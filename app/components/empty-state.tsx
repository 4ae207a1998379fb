import { Button, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A calm drawing for places that have nothing to show yet (decorative: hidden from screen readers). */
export function EmptyIllustration({ size = 120 }: { size?: number }) {
  return (
    <svg width={size} height={size * 0.75} viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <rect x="22" y="18" width="92" height="78" rx="10" fill="var(--mantine-color-teal-light)" />
      <rect x="44" y="30" width="96" height="74" rx="10" fill="var(--mantine-color-body)" stroke="var(--mantine-color-teal-5)" strokeWidth="2.5" />
      <rect x="56" y="46" width="58" height="6" rx="3" fill="var(--mantine-color-teal-4)" />
      <rect x="56" y="60" width="72" height="6" rx="3" fill="var(--mantine-color-gray-4)" />
      <rect x="56" y="74" width="44" height="6" rx="3" fill="var(--mantine-color-gray-4)" />
      <circle cx="128" cy="30" r="12" fill="var(--mantine-color-yellow-4)" />
      <path d="M123 30l3.5 3.5L133 27" stroke="var(--mantine-color-body)" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The usual way out: a button to the page where the user can start (instead of an `action`). */
  link?: { to: string; label: string };
}

export function EmptyState({ title, children, action, link }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="lg" ta="center">
      <EmptyIllustration />
      <Text fw={600}>{title}</Text>
      {children ? (
        <Text size="sm" c="dimmed" maw={360}>
          {children}
        </Text>
      ) : null}
      {action}
      {link ? <EmptyStateLink to={link.to}>{link.label}</EmptyStateLink> : null}
    </Stack>
  );
}

/** An empty state's way out: a button that links to where the user can start. */
function EmptyStateLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} mt="xs">
      {children}
    </Button>
  );
}
