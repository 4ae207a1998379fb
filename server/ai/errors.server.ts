import { generationErrors, type GenerationErrorCode } from "#app/lib/errors.ts";

/** A classified failure. `message` and `detail` are for the log only; users see the catalogue's message. */
export class GenerationError extends Error {
  override name = "GenerationError";
  readonly code: GenerationErrorCode;
  readonly detail: Record<string, unknown>;

  constructor(code: GenerationErrorCode, message: string, { cause, detail = {} }: { cause?: unknown; detail?: Record<string, unknown> } = {}) {
    super(message, { cause });
    this.code = code;
    this.detail = detail;
  }

  get retryable(): boolean {
    return generationErrors[this.code].retryable;
  }
}

/** Seconds from a Retry-After header (seconds or HTTP date), if any. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  const raw = headers?.["retry-after"] ?? headers?.["Retry-After"];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
