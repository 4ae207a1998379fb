// Long reads (a 10 MB catalog, a 100 MB sheet) run in slices of about 10 ms: between slices the reader awaits
// one turn of the event loop, so one upload never keeps other requests waiting (issue 30). Browser-safe.

/** The most work done between two turns of the event loop. */
export const workSliceMs = 10;

const nextTurn = () => new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

export interface WorkSlices {
  /** Whether this slice's time is up (reads the clock on every call: call it per chunk, or every few hundred items). */
  due(): boolean;
  /** Lets the event loop turn, then starts a new slice. */
  pause(): Promise<void>;
}

export function workSlices(sliceMs = workSliceMs): WorkSlices {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= sliceMs,
    async pause() {
      await nextTurn();
      started = performance.now();
    },
  };
}
