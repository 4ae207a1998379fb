// What the browser gets for a saved output, and the API's answers. Browser-safe: no server imports.
import type { TemplateInputs } from "#app/templates/types.ts";

export interface OutputView {
  id: string;
  templateId: string;
  content: string;
  inputs: TemplateInputs;
  favorite: boolean;
  /** ISO-8601 with milliseconds (UTC). */
  createdAt: string;
  editedAt: string | null;
}

/** GET /api/outputs. */
export interface OutputPage {
  items: OutputView[];
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** Any refused API request. */
export interface OutputsApiError {
  error: string;
  code: string;
  requestId: string;
  fieldErrors?: Record<string, string>;
}

/** GET, PATCH /api/outputs/:id and POST /api/outputs/:id/restore. */
export interface OutputResult {
  output: OutputView;
}

/** DELETE /api/outputs/:id: what was deleted, and how to undo it until `until`. */
export interface DeletedOutputResult extends OutputResult {
  restore: { method: "POST"; url: string; until: string };
}

export function isOutputResult(value: unknown): value is OutputResult {
  return typeof value === "object" && value !== null && "output" in value && typeof (value as OutputResult).output?.id === "string";
}

export function apiErrorMessage(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && typeof (value as OutputsApiError).error === "string" ? (value as OutputsApiError).error : undefined;
}
