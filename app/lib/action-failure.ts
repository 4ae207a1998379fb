// How a page action (app/routes/**) answers a failure: one shape on every page, with a code from the one
// error catalogue (app/lib/errors.ts), beside the JSON endpoints' ApiError. The form shows `fieldErrors`
// under its fields and `formError` in a toast or alert, as message keys or already-localized text.
import { data } from "react-router";
import { apiErrors, type ApiErrorCode } from "./errors.ts";

/** Field name → message key (or already-localized text). */
export type FieldErrors = Partial<Record<string, string>>;

export interface ActionFailure {
  ok: false;
  /** What kind of failure, from the catalogue; the answer's HTTP status is the code's unless the page's own differs. */
  code: ApiErrorCode;
  /** Which of the page's forms failed, where a page has several. */
  intent?: string;
  /** A message key (or already-localized text) for the toast or alert. */
  formError?: string;
  /** Values for the message's placeholders, e.g. { seconds: 30 }. */
  formErrorParams?: Record<string, string | number>;
  fieldErrors?: FieldErrors;
}

/** What a failure adds to its code, and page-specific values (a reset link's `expired`). */
export type ActionFailureDetails<E extends object = object> = Omit<ActionFailure, "ok" | "code"> & E;

/** The body of a failure answer. */
export function actionFailureBody<E extends object = object>(code: ApiErrorCode, details: ActionFailureDetails<E> = {} as ActionFailureDetails<E>): ActionFailure & E {
  return { ok: false, code, ...details } as ActionFailure & E;
}

/** A page action's failure answer: the body and the code's status (or the page's own, where it has always differed). */
export function actionFailure<E extends object = object>(code: ApiErrorCode, details?: ActionFailureDetails<E>, init: { status?: number; headers?: HeadersInit } = {}) {
  return data(actionFailureBody<E>(code, details), { status: init.status ?? apiErrors[code].status, headers: init.headers });
}
