import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { FormFailure } from "./form-errors.ts";
import { ValidatedForm } from "./validated-form.tsx";

/** One intent of a page's action as a small form, named by its visible title (also for screen readers). */
export function IntentForm({
  schema,
  intent,
  hidden = {},
  result,
  titleId,
  title,
  children,
}: {
  schema: z.ZodType;
  intent: string;
  /** More hidden fields the action needs, e.g. which workspace. */
  hidden?: Record<string, string>;
  result?: FormFailure | null;
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <ValidatedForm schema={schema} result={result} aria-labelledby={titleId}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="sm">
        <Text fw={600} id={titleId}>
          {title}
        </Text>
        {children}
      </Stack>
    </ValidatedForm>
  );
}
