// What the browser gets for a saved output, and the API's answers (refusals are ApiError: app/lib/errors.ts). Browser-safe: no server imports.
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
  /** The store and language it was written for; null for outputs written before stores (amazon.com, English). */
  marketplace: string | null;
  language: string | null;
}

/** GET /api/outputs. */
export interface OutputPage {
  items: OutputView[];
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** GET, PATCH /api/outputs/:id and POST /api/outputs/:id/restore. */
export interface OutputResult {
  output: OutputView;
}

/** DELETE /api/outputs/:id: what was deleted, and how to undo it until `until`. */
export interface DeletedOutputResult extends OutputResult {
  restore: { method: "POST"; url: string; until: string };
}

/** What a history page is narrowed to (all optional), as in its URL. */
export interface HistoryFilter {
  templateId?: string;
  q?: string;
  /** A store ("amazon.de"); outputs from before stores count as amazon.com. */
  marketplace?: string;
  /** A language code ("de"); outputs from before stores count as English. */
  language?: string;
}
