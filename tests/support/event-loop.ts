// How long the event loop could not turn while something ran (issue 30: one request must never stall others).

/**
 * Watches 10 ms ticks: the worst gap between two (what a request waits), and the worst main-thread CPU time
 * spent between two (what our own code blocked the loop for; on a busy machine a gap can also be time the
 * process was not scheduled at all).
 */
export function watchEventLoop(): { stop(): { gapMs: number; blockedMs: number } } {
  const cpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = performance.now();
  let lastCpu = cpu();
  let gapMs = 0;
  let blockedMs = 0;
  const tick = () => {
    const now = performance.now();
    const used = cpu();
    gapMs = Math.max(gapMs, now - last);
    blockedMs = Math.max(blockedMs, used - lastCpu);
    last = now;
    lastCpu = used;
  };
  const timer = setInterval(tick, 10);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { gapMs, blockedMs };
    },
  };
}
