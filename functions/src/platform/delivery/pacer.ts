/**
 * A publish pacer: at most `perSecond` starts a second, counted in 100 ms windows (timers cannot
 * wait a quarter of a millisecond). The delivery consumer uses it so that its publishes, times the
 * queue's maximum concurrency, stay under IoT Core's account limit whatever the publish latency.
 */
export const PACER_WINDOW_MS = 100;

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function createPacer(perSecond: number, clock: PacerClock = realClock): () => Promise<void> {
  const perWindow = Math.max(1, Math.floor((perSecond * PACER_WINDOW_MS) / 1000));
  let windowStart = clock.now();
  let used = 0;
  return async function take() {
    for (;;) {
      const now = clock.now();
      if (now - windowStart >= PACER_WINDOW_MS) {
        windowStart = now;
        used = 0;
      }
      if (used < perWindow) {
        used++;
        return;
      }
      await clock.sleep(windowStart + PACER_WINDOW_MS - now);
    }
  };
}
