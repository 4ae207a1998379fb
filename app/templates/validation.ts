import { z } from "zod";
import type { MessageKey, MessageParams } from "#app/i18n/i18n.ts";
import { firstIssuePerField } from "#app/lib/field-issues.ts";
import { maxCount, parseCount } from "./count.ts";
import type { FieldSpec, TemplateDefinition, TemplateInputs } from "./types.ts";

export interface FieldProblem {
  key: MessageKey;
  params?: MessageParams;
}

export type InputCheck =
  | { ok: true; inputs: TemplateInputs; count: number }
  | { ok: false; fieldErrors: Record<string, FieldProblem> };

function fieldSchema(field: FieldSpec): z.ZodType<string> {
  if (field.kind === "count") return z.string();
  let schema = z.string().trim();
  if (field.kind !== "select") schema = schema.max(field.maxLength, { message: `max:${field.maxLength}` });
  if (field.kind === "select") {
    const allowed = z.string().refine((v) => v === "" || field.options.includes(v), { message: "option" });
    return field.required ? allowed.refine((v) => v !== "", { message: "required" }) : allowed;
  }
  return field.required ? schema.min(1, { message: "required" }) : schema;
}

/** One zod schema per template, built from its fields; used by the form and re-checked by the API. */
export function inputSchema(template: TemplateDefinition) {
  const shape = Object.fromEntries(
    template.fields.map((field) => [field.name, z.preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), fieldSchema(field))]),
  );
  return z.object(shape);
}

function problemFor(message: string): FieldProblem {
  if (message === "required") return { key: "generator.error.required" };
  if (message === "option") return { key: "generator.error.option" };
  if (message.startsWith("max:")) return { key: "generator.error.tooLong", params: { max: Number(message.slice(4)) } };
  return { key: "generator.error.invalid" };
}

/** Validates raw inputs against a template: required fields, limits, options and the count rule. */
export function checkInputs(template: TemplateDefinition, raw: Record<string, unknown>): InputCheck {
  const parsed = inputSchema(template).safeParse(raw);
  const fieldErrors: Record<string, FieldProblem> = parsed.success ? {} : firstIssuePerField(parsed.error, (issue) => problemFor(issue.message));
  const countField = template.fields.find((f) => f.kind === "count");
  const count = parseCount(countField ? raw[countField.name] : undefined);
  if (countField && !count.ok) fieldErrors[countField.name] = { key: "generator.error.tooMany", params: { max: maxCount } };
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const inputs: TemplateInputs = {};
  for (const field of template.fields) {
    const value = field.kind === "count" ? String(count.value) : String(parsed.data[field.name] ?? "");
    if (value !== "" || field.required) inputs[field.name] = value;
  }
  return { ok: true, inputs, count: count.value };
}
