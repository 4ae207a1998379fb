import { useCallback, useRef, useState } from "react";
import { readApiError, type ApiErrorCode } from "#app/lib/errors.ts";
import { readGenerationStream, type GenerationEvent, type SavedOutput } from "./generation-events.ts";

/** One output on the New outputs tab: growing while it streams, then saved with an id. */
export interface LiveOutput {
  key: string;
  generationId: string | null;
  index: number;
  content: string;
  finished: boolean;
  saved: SavedOutput | null;
}

export type GenerationProblem =
  | { kind: "fields"; fieldErrors: Record<string, string>; message: string }
  | { kind: "failed"; message: string; requestId?: string; code?: ApiErrorCode }
  | { kind: "cancelled" };

export interface GenerationState {
  running: boolean;
  /** True until the first text arrives (the 'Generating content...' indicator). */
  waiting: boolean;
  outputs: LiveOutput[];
  offline: boolean | null;
}

interface StartOptions {
  templateId: string;
  inputs: Record<string, string>;
  /** The store the copy is for (default: the workspace's first). */
  marketplace?: string;
  /** Called once: after saving (with the outputs) or after a failure or stop (nothing saved). */
  onFinish(result: { ok: true; outputs: SavedOutput[] } | { ok: false; problem: GenerationProblem }): void;
  /** Localized message for a dropped connection. */
  interruptedMessage: string;
}

let runCounter = 0;

/**
 * Streams a generation from POST /api/generations. New outputs go on top; a failed or stopped run
 * removes its unsaved outputs (the server saved nothing of it).
 */
export function useGeneration() {
  const [state, setState] = useState<GenerationState>({ running: false, waiting: false, outputs: [], offline: null });
  const controller = useRef<AbortController | null>(null);

  const stop = useCallback(() => controller.current?.abort(), []);

  const start = useCallback(async ({ templateId, inputs, marketplace, onFinish, interruptedMessage }: StartOptions) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const run = `run${++runCounter}`;
    setState((s) => ({ ...s, running: true, waiting: true }));
    const dropRun = (s: GenerationState): GenerationState => ({ ...s, running: false, waiting: false, outputs: s.outputs.filter((o) => !o.key.startsWith(`${run}:`)) });

    let response: Response;
    try {
      response = await fetch("/api/generations", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ templateId, inputs, ...(marketplace ? { marketplace } : {}) }),
        signal: abort.signal,
      });
    } catch {
      setState(dropRun);
      onFinish({ ok: false, problem: abort.signal.aborted ? { kind: "cancelled" } : { kind: "failed", message: interruptedMessage } });
      return;
    }

    if (!response.ok || !response.headers.get("content-type")?.includes("text/event-stream")) {
      const refusal = readApiError(await response.json().catch(() => null));
      setState(dropRun);
      if (refusal?.fieldErrors) onFinish({ ok: false, problem: { kind: "fields", fieldErrors: refusal.fieldErrors, message: refusal.error } });
      else if (refusal) onFinish({ ok: false, problem: { kind: "failed", message: refusal.error, requestId: refusal.requestId, code: refusal.code } });
      else onFinish({ ok: false, problem: { kind: "failed", message: interruptedMessage } });
      return;
    }

    const apply = (event: GenerationEvent) => {
      setState((s) => {
        const key = (index: number) => `${run}:${index}`;
        switch (event.type) {
          case "start": {
            const fresh: LiveOutput[] = Array.from({ length: event.count }, (_, index) => ({
              key: key(index),
              generationId: event.generationId,
              index,
              content: "",
              finished: false,
              saved: null,
            }));
            return { ...s, offline: event.offline, outputs: [...fresh, ...s.outputs] };
          }
          case "delta":
            return { ...s, waiting: false, outputs: s.outputs.map((o) => (o.key === key(event.index) ? { ...o, content: o.content + event.text } : o)) };
          case "output":
            return { ...s, waiting: false, outputs: s.outputs.map((o) => (o.key === key(event.index) ? { ...o, content: event.content, finished: true } : o)) };
          case "done": {
            const byIndex = new Map(event.outputs.map((saved) => [saved.index, saved]));
            return {
              ...s,
              running: false,
              waiting: false,
              outputs: s.outputs.map((o) => {
                const saved = o.key.startsWith(`${run}:`) ? byIndex.get(o.index) : undefined;
                return saved ? { ...o, content: saved.content, finished: true, saved } : o;
              }),
            };
          }
          case "error":
            return dropRun(s);
        }
      });
    };

    const last = await readGenerationStream(response, apply);
    if (controller.current === abort) controller.current = null;
    if (last?.type === "done") {
      onFinish({ ok: true, outputs: last.outputs });
      return;
    }
    setState(dropRun);
    if (abort.signal.aborted || (last?.type === "error" && last.code === "cancelled")) onFinish({ ok: false, problem: { kind: "cancelled" } });
    else if (last?.type === "error") onFinish({ ok: false, problem: { kind: "failed", message: last.message, requestId: last.requestId } });
    else onFinish({ ok: false, problem: { kind: "failed", message: interruptedMessage } });
  }, []);

  return { ...state, start, stop };
}
