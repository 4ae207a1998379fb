import type { Locale } from "#app/i18n/i18n.ts";
import { getTemplateById } from "#app/templates/registry.ts";
import type { TemplateInputs } from "#app/templates/types.ts";

export interface DescribedInput {
  name: string;
  label: string;
  value: string;
}

/** The inputs an output was written from, labelled in the template's field order (unknown keys last, as stored). */
export function describeInputs(templateId: string, inputs: TemplateInputs, locale: Locale): DescribedInput[] {
  const fields = getTemplateById(templateId)?.fields ?? [];
  const described: DescribedInput[] = [];
  for (const field of fields) {
    const value = inputs[field.name];
    if (value === undefined || value === null || String(value) === "") continue;
    const shown = field.kind === "select" ? (field.optionLabels?.[String(value)]?.[locale] ?? String(value)) : String(value);
    described.push({ name: field.name, label: field.label[locale], value: shown });
  }
  const known = new Set(fields.map((field) => field.name));
  for (const [name, value] of Object.entries(inputs)) {
    if (!known.has(name) && value !== undefined && value !== null && String(value) !== "") described.push({ name, label: name, value: String(value) });
  }
  return described;
}
