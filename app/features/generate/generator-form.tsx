import { Button, Group, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { IconPlayerStopFilled, IconRefresh, IconSparkles } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import { maxCount } from "#app/templates/count.ts";
import type { FieldSpec, TemplateDefinition } from "#app/templates/types.ts";

export type FormValues = Record<string, string>;

/** Empty values, counts at 1: the form's starting point and what Reset goes back to. */
export function emptyValues(template: TemplateDefinition): FormValues {
  return Object.fromEntries(template.fields.map((field) => [field.name, field.kind === "count" ? "1" : ""]));
}

interface GeneratorFormProps {
  template: TemplateDefinition;
  values: FormValues;
  errors: Record<string, string>;
  running: boolean;
  onChange(name: string, value: string): void;
  onSubmit(): void;
  onReset(): void;
  onStop(): void;
}

function Field({ field, value, error, onChange, disabled }: { field: FieldSpec; value: string; error?: string; onChange(value: string): void; disabled: boolean }) {
  const { t, locale } = useI18n();
  const common = {
    name: field.name,
    label: field.label[locale],
    withAsterisk: field.required,
    error,
    disabled,
  };
  if (field.kind === "select") {
    return (
      <Select
        {...common}
        value={value || null}
        onChange={(next) => onChange(next ?? "")}
        data={field.options.map((option) => ({ value: option, label: field.optionLabels?.[option]?.[locale] ?? option }))}
        placeholder={t("generator.choose")}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (field.kind === "count") {
    return (
      <TextInput
        {...common}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        inputMode="numeric"
        autoComplete="off"
        description={t("generator.countHint", { max: maxCount })}
        maw={200}
      />
    );
  }
  const counter = (
    <Text component="span" size="xs" c={value.length >= field.maxLength ? "red.8" : "dimmed"}>
      {t("generator.counter", { count: value.length, max: field.maxLength })}
    </Text>
  );
  if (field.kind === "textarea") {
    return (
      <Textarea
        {...common}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder={field.placeholder?.[locale]}
        maxLength={field.maxLength}
        autosize
        minRows={4}
        maxRows={10}
        description={counter}
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={field.placeholder?.[locale]}
      maxLength={field.maxLength}
      autoComplete="off"
    />
  );
}

/** The generator's form: fields from the template registry, Generate (or Stop while writing) and Reset. */
export function GeneratorForm({ template, values, errors, running, onChange, onSubmit, onReset, onStop }: GeneratorFormProps) {
  const { t } = useI18n();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!running) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("generator.formLabel")}>
      <Stack gap="md">
        {template.fields.map((field) => (
          <Field key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} onChange={(value) => onChange(field.name, value)} disabled={running} />
        ))}
        <Group gap="sm">
          {/* Distinct keys: the clicked Stop button must not turn into a submit button before its click finishes. */}
          {running ? (
            <Button key="stop" type="button" color="red" variant="light" leftSection={<IconPlayerStopFilled size={16} aria-hidden />} onClick={onStop}>
              {t("generator.stop")}
            </Button>
          ) : (
            <Button key="generate" type="submit" leftSection={<IconSparkles size={16} aria-hidden />}>
              {t("generator.generate")}
            </Button>
          )}
          <Button type="button" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onReset} disabled={running}>
            {t("generator.reset")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
