import { Button, Tooltip, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A button whose feature is not available yet: focusable so keyboard users can read why, marked
 * disabled for assistive technology, and it does nothing when pressed.
 */
export function PendingFeatureButton({ reason, children, ...props }: ButtonProps & { reason: string; children: ReactNode }) {
  return (
    <Tooltip label={reason} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <Button {...props} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}
