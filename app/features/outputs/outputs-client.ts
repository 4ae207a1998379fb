// The browser's calls to the outputs API (see outputs-api.server.ts). Never throws: failures come back as {ok: false}.
import { readApiError } from "#app/lib/errors.ts";
import type { DeletedOutputResult, OutputPage, OutputResult } from "./output-view.ts";

export type ApiOutcome<T> = { ok: true; data: T } | { ok: false; status: number; message: string | undefined };

async function callApi<T>(url: string, init: RequestInit = {}): Promise<ApiOutcome<T>> {
  try {
    const response = await fetch(url, {
      // A change saved just before the user leaves the page still reaches the server.
      keepalive: true,
      ...init,
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) return { ok: false, status: response.status, message: readApiError(body)?.error };
    return { ok: true, data: body as T };
  } catch {
    // Offline, or the server could not be reached.
    return { ok: false, status: 0, message: undefined };
  }
}

const outputUrl = (id: string) => `/api/outputs/${encodeURIComponent(id)}`;

export function patchOutput(id: string, changes: { favorite?: boolean; content?: string }): Promise<ApiOutcome<OutputResult>> {
  return callApi<OutputResult>(outputUrl(id), { method: "PATCH", body: JSON.stringify(changes) });
}

export function deleteOutputRequest(id: string): Promise<ApiOutcome<DeletedOutputResult>> {
  return callApi<DeletedOutputResult>(outputUrl(id), { method: "DELETE" });
}

export function restoreOutputRequest(id: string): Promise<ApiOutcome<OutputResult>> {
  return callApi<OutputResult>(`${outputUrl(id)}/restore`, { method: "POST" });
}

export function fetchOutputsPage(params: URLSearchParams, signal?: AbortSignal): Promise<ApiOutcome<OutputPage>> {
  return callApi<OutputPage>(`/api/outputs?${params.toString()}`, { signal });
}
