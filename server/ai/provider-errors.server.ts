// The classification of what an AI SDK call threw. Apart from errors.server.ts because it needs the AI
// SDK at run time: only the SDK writer imports it, and that writer is loaded on first use (decision 021).
import { APICallError } from "ai";
import { GenerationError, retryAfterMs } from "./errors.server.ts";

/**
 * Maps whatever a provider call threw to the catalogue. `started` says whether any text had
 * arrived: a network failure after the first token is a cut stream, before it the provider is down.
 */
export function classifyProviderError(error: unknown, { started }: { started: boolean }): GenerationError {
  if (error instanceof GenerationError) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const detail = { status, url: error.url, body: error.responseBody?.slice(0, 500), retryAfterMs: retryAfterMs(error.responseHeaders) };
    // No status, or a 2xx whose body failed while streaming ("terminated"): the connection broke.
    if (status === undefined || (status >= 200 && status < 300)) {
      return started
        ? new GenerationError("interrupted", `provider stream failed: ${error.message}`, { cause: error, detail })
        : new GenerationError("provider_unavailable", `provider unreachable: ${error.message}`, { cause: error, detail });
    }
    if (status === 401 || status === 403 || status === 404) return new GenerationError("provider_config", `provider refused the request (${status})`, { cause: error, detail });
    if (status === 429) return new GenerationError("rate_limited", "provider rate limit (429)", { cause: error, detail });
    if (status === 408 || status >= 500) return new GenerationError("provider_unavailable", `provider error (${status})`, { cause: error, detail });
    return new GenerationError("rejected", `provider rejected the request (${status})`, { cause: error, detail });
  }
  const message = error instanceof Error ? error.message : String(error);
  // Undici reports a connection dropped mid-body as "terminated"; a refused connection as "fetch failed".
  if (/terminated|ECONNRESET|socket|other side closed|premature close|aborted/i.test(message) || (error instanceof TypeError && /fetch failed/.test(message))) {
    return started
      ? new GenerationError("interrupted", `provider stream cut: ${message}`, { cause: error })
      : new GenerationError("provider_unavailable", `provider connection failed: ${message}`, { cause: error });
  }
  return new GenerationError("internal", message, { cause: error });
}
