import { atExpression, cronExpression } from '@portal/shared/scheduling/recurrence';
import { ScheduleEntity, type ScheduleItem } from './schedule.entity.ts';
import { scheduleId } from './schedule-names.ts';
import { assertFuture, firstOccurrence } from './schedule-rules.ts';
import type { OneOffSchedule, RecurringSchedule, ScheduleTarget, Scheduler } from './scheduler.port.ts';

/**
 * Buckets of the due index (`SCHEDULE#DUE#{bucket}`). One is plenty for one machine's local
 * scheduler; the key keeps the segment so spreading the partition is a change of this constant.
 */
export const DUE_BUCKETS = 1;

/** FNV-1a, 32 bit: a stable spread of ids over buckets. */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export const bucketOf = (id: string) => String(fnv1a32(id) % DUE_BUCKETS);

export interface TableSchedulerOptions {
  /** The clock (tests). */
  now?: () => Date;
}

const copyTarget = (target: ScheduleTarget): ScheduleTarget => ({ module: target.module, type: target.type, orgId: target.orgId, id: target.id });

function pending(name: string, target: ScheduleTarget, occurrence: Date, now: Date) {
  const id = scheduleId(name);
  return {
    scheduleId: id,
    name,
    orgId: target.orgId,
    target: copyTarget(target),
    occurrenceAt: occurrence.toISOString(),
    dueAt: occurrence.toISOString(),
    bucket: bucketOf(id),
    state: 'scheduled' as const,
    attempts: 0,
    updatedAt: now.toISOString(),
  };
}

/**
 * Local adapter (SCHEDULER=table): a schedule is one row (AP77), fired by the local runtime's
 * scheduler (infra/local/local-scheduler.ts). Creating a schedule that exists replaces it.
 */
export function createTableScheduler(options: TableSchedulerOptions = {}): Scheduler {
  const clock = options.now ?? (() => new Date());
  const cancel = async (name: string) => {
    await ScheduleEntity.delete({ scheduleId: scheduleId(name) }).go();
  };
  return {
    async scheduleOnce(schedule: OneOffSchedule) {
      const now = clock();
      const at = assertFuture(schedule, now);
      const item: ScheduleItem = { ...pending(schedule.name, schedule.target, at, now), kind: 'at', expression: atExpression(at), timeZone: 'UTC' };
      await ScheduleEntity.put(item).go();
    },
    async scheduleRecurring(schedule: RecurringSchedule) {
      const now = clock();
      const first = firstOccurrence(schedule, now);
      if (!first) return cancel(schedule.name);
      const item: ScheduleItem = {
        ...pending(schedule.name, schedule.target, first, now),
        kind: 'cron',
        expression: cronExpression(schedule.time, schedule.days),
        timeZone: schedule.timeZone,
        time: schedule.time,
        days: [...schedule.days],
        startAt: schedule.start.toISOString(),
        endAt: schedule.end?.toISOString(),
      };
      await ScheduleEntity.put(item).go();
    },
    cancel,
  };
}

/** AP77 read: a schedule row by the port's name (tests, inspection). */
export async function getSchedule(name: string): Promise<ScheduleItem | null> {
  const { data } = await ScheduleEntity.get({ scheduleId: scheduleId(name) }).go({ consistent: true });
  return data;
}
