import { Button, Group, Popover, Stack, Text, type ButtonProps } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useI18n } from "#app/i18n/context.tsx";

interface ConfirmActionProps extends ButtonProps {
  /** What the confirming button says and does, e.g. a submit button of a form. */
  question: string;
  confirmLabel: string;
  /** Rendered inside the popover; must submit or run the action (type="submit" inside a form works). */
  renderConfirm: (confirmButton: ReactNode) => ReactNode;
  children: ReactNode;
}

/** A button that asks once more before doing something that cannot be undone. */
export function ConfirmAction({ question, confirmLabel, renderConfirm, children, ...buttonProps }: ConfirmActionProps) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button variant="subtle" color="red" size="xs" {...buttonProps} onClick={() => setOpened((o) => !o)}>
          {children}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            {renderConfirm(
              <Button type="submit" color="red" size="xs">
                {confirmLabel}
              </Button>,
            )}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
