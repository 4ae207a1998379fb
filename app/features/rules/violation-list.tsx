import { Anchor, Group, List, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle, IconCircleX } from "@tabler/icons-react";
import { useI18n } from "#app/i18n/context.tsx";
import type { Violation } from "./types.ts";

/** The violations of a section, each a button that selects the offending text. */
export function ViolationList({ violations, onSelect, id }: { violations: readonly Violation[]; onSelect?(violation: Violation): void; id?: string }) {
  const { t } = useI18n();
  if (violations.length === 0) return null;
  return (
    <List id={id} spacing={4} size="sm" listStyleType="none" p={0} m={0}>
      {violations.map((violation, index) => {
        const message = t(`lint.${violation.code}`, violation.params ?? {});
        const icon = violation.severity === "error" ? <IconCircleX size={16} color="var(--mantine-color-red-7)" aria-hidden /> : <IconAlertTriangle size={16} color="var(--mantine-color-yellow-8)" aria-hidden />;
        const label = `${t(violation.severity === "error" ? "listings.severity.error" : "listings.severity.warning")}: ${message}`;
        return (
          <li key={`${violation.code}-${violation.start}-${index}`} data-code={violation.code}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <span style={{ marginTop: 2 }}>{icon}</span>
              {onSelect && violation.end > violation.start ? (
                <UnstyledButton onClick={() => onSelect(violation)} style={{ textAlign: "start" }} aria-label={`${label} ${t("listings.violation.show")}`}>
                  <Text size="sm" c={violation.severity === "error" ? "red.9" : undefined} td="underline" style={{ textDecorationStyle: "dotted" }}>
                    {message}
                  </Text>
                </UnstyledButton>
              ) : (
                <Text size="sm" c={violation.severity === "error" ? "red.9" : undefined} aria-label={label}>
                  {message}
                </Text>
              )}
            </Group>
            {/* Why the rule exists, and where it comes from (issue 31). */}
            <Text size="xs" c="dimmed" ms={22} data-testid="violation-why">
              {t(`lint.why.${violation.code}`)}
              {violation.source && (
                <>
                  {" "}
                  <Anchor href={violation.source} target="_blank" rel="noreferrer noopener" size="xs" underline="always">
                    {t("lint.source")}
                  </Anchor>
                </>
              )}
            </Text>
          </li>
        );
      })}
    </List>
  );
}
