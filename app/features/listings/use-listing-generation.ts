import { useCallback, useRef, useState } from "react";
import { readApiError } from "#app/lib/errors.ts";
import type { SectionName } from "#app/features/rules/types.ts";
import { readListingStream, type ListingEvent } from "./listing-events.ts";
import type { ListingCopy } from "./types.ts";

/** A section while it is written: the text so far, which try it is on, and whether it is finished. */
export interface LiveSection {
  text: string;
  /** 0 for the first try; 1 and 2 are rewrites after a broken rule. */
  attempt: number;
  finished: boolean;
}

export interface ListingGenerationState {
  running: boolean;
  /** The sections being written, by name (empty when nothing runs). */
  live: Partial<Record<SectionName, LiveSection>>;
  offline: boolean | null;
}

export type ListingGenerationResult = { ok: true; version: number; passed: boolean; copy: ListingCopy } | { ok: false; cancelled: boolean; message: string };

/** Streams POST /api/listings/:id/generate; the caller takes the saved copy from the result. */
export function useListingGeneration(listingId: string) {
  const [state, setState] = useState<ListingGenerationState>({ running: false, live: {}, offline: null });
  const controller = useRef<AbortController | null>(null);

  const stop = useCallback(() => controller.current?.abort(), []);

  const start = useCallback(
    async ({ sections, interruptedMessage, onSection }: { sections?: SectionName[]; interruptedMessage: string; onSection?(section: SectionName, content: string | string[]): void }): Promise<ListingGenerationResult> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ running: true, live: {}, offline: null });
      const end = (result: ListingGenerationResult) => {
        if (controller.current === abort) controller.current = null;
        setState((s) => ({ ...s, running: false, live: {} }));
        return result;
      };
      let response: Response;
      try {
        response = await fetch(`/api/listings/${encodeURIComponent(listingId)}/generate`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
          body: JSON.stringify(sections ? { sections } : {}),
          signal: abort.signal,
        });
      } catch {
        return end({ ok: false, cancelled: abort.signal.aborted, message: interruptedMessage });
      }
      if (!response.ok || !response.headers.get("content-type")?.includes("text/event-stream")) {
        const refusal = readApiError(await response.json().catch(() => null));
        return end({ ok: false, cancelled: false, message: refusal?.error ?? interruptedMessage });
      }
      const apply = (event: ListingEvent) => {
        if (event.type === "section") onSection?.(event.section, event.content);
        setState((s) => {
          switch (event.type) {
            case "start":
              return { ...s, offline: event.offline, live: Object.fromEntries(event.sections.map((section) => [section, { text: "", attempt: 0, finished: false }])) };
            case "delta": {
              const current = s.live[event.section] ?? { text: "", attempt: 0, finished: false };
              return { ...s, live: { ...s.live, [event.section]: { ...current, text: current.text + event.text } } };
            }
            case "rewrite":
              return { ...s, live: { ...s.live, [event.section]: { text: "", attempt: event.attempt, finished: false } } };
            case "section": {
              const text = Array.isArray(event.content) ? event.content.join("\n") : event.content;
              return { ...s, live: { ...s.live, [event.section]: { ...(s.live[event.section] ?? { attempt: 0 }), text, finished: true } } };
            }
            default:
              return s;
          }
        });
      };
      const last = await readListingStream(response, apply);
      if (last?.type === "done") return end({ ok: true, version: last.version, passed: last.passed, copy: last.copy });
      if (abort.signal.aborted || (last?.type === "error" && last.code === "cancelled")) return end({ ok: false, cancelled: true, message: "" });
      return end({ ok: false, cancelled: false, message: last?.type === "error" ? last.message : interruptedMessage });
    },
    [listingId],
  );

  return { ...state, start, stop };
}
