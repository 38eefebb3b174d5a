import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { ReportQuotaEntity } from './report-quota.entity.ts';

/** A minute's row lives a little past its minute, so a late request still finds it. */
const KEEP_SECONDS = 3 * 60;

/** The UTC minute of `now`, as the row's sort key part. */
export const minuteOf = (now: Date) => now.toISOString().slice(0, 16) + 'Z';

/**
 * Counts one report for `subject` in the current minute unless `limit` are counted already: one
 * UpdateItem with `ADD count 1` under the condition that the count is missing or below the limit,
 * so concurrent requests (several Lambda containers) cannot overshoot. False when the limit is reached.
 */
export async function takeReportQuota(subject: string, limit: number, now: Date = new Date()): Promise<boolean> {
  const minute = minuteOf(now);
  const expiresAt = Math.floor(now.getTime() / 1000) + KEEP_SECONDS;
  return conditionalWrite(() =>
    ReportQuotaEntity.update({ subject, minute })
      .add({ count: 1 })
      .set({ expiresAt })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, limit)}`)
      .go({ response: 'none' }),
  );
}
