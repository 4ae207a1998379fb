import { useSyncExternalStore } from "react";

/** Relative dates are recomputed this often (seed §9: every 60 s). */
export const relativeTimeRefreshMs = 60_000;

// One clock for every card on the page: a single timer, started by the first card and stopped by the last.
let current = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      for (const notify of listeners) notify();
    }, relativeTimeRefreshMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The time relative dates are measured from, updated every 60 s. While the server renders and the
 * browser hydrates it is `serverNow` (a loader's Date.now()), so both print the same text; without one, null.
 */
export function useNow(serverNow: number | null = null): number | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => serverNow,
  );
}

const noSubscription = () => () => undefined;

/** False while the server renders and the browser hydrates; true after (for text that depends on the browser, like its time zone). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
