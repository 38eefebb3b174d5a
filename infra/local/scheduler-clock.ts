/**
 * The local scheduler's clock: the real time, unless a browser test has moved it forward through
 * its portal's seed channel (test/support/e2e-seed-channel.ts), so a send scheduled for the next
 * whole minute fires when the test says that minute has come instead of after a real wait (issue
 * 30). Only the scheduler reads it: what a fired handler records is stamped with the real time.
 * `npm start` never moves it.
 */
let aheadMs = 0;

export const schedulerNow = (): Date => new Date(Date.now() + aheadMs);

/** Moves the clock to `at` (never backwards from the real time); null gives it back the real time. */
export function setSchedulerClock(at: Date | null): void {
  aheadMs = at ? Math.max(0, at.getTime() - Date.now()) : 0;
}
