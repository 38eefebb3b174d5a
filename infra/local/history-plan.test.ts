import { describe, expect, it } from 'vitest';
import { medianOf, durationsOf } from '@portal/shared/reports/durations';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { HISTORY_DAYS, historyPlan } from './history-plan.ts';

const ZONE = 'Europe/Berlin';
const TODAY = '2026-11-29';
const DAY = 86_400_000;

describe('the demo history plan (issue 32)', () => {
  const plan = historyPlan(TODAY, ZONE);
  const todayStart = Date.parse(dayIn(ZONE, new Date('2026-11-29T12:00:00Z')).start);

  it('is the same on every start, and lies within the four weeks before today', () => {
    expect(historyPlan(TODAY, ZONE)).toEqual(plan);
    const instants = [...plan.actions.map((a) => a.at), ...plan.tasks.map((t) => t.due), ...plan.notifications.map((n) => n.at), ...plan.firings.map((f) => f.at)].map((at) => at.getTime());
    expect(Math.max(...instants)).toBeLessThan(todayStart);
    expect(Math.min(...instants)).toBeGreaterThanOrEqual(todayStart - HISTORY_DAYS * DAY - 3_600_000);
    expect(plan.actions.length).toBeGreaterThan(100);
    expect(plan.tasks.length).toBeGreaterThan(40);
  });

  // Any day's four weeks tell them: the weekdays fall differently.
  it.each(['2026-11-29', '2027-02-03', '2027-07-15'])('tells its stories before %s: faster help at the bottle return, late Saturday closings, a button two weeks old', (today) => {
    const plan = historyPlan(today, ZONE);
    const todayStart = Date.parse(dayIn(ZONE, new Date(`${today}T12:00:00Z`)).start);
    const bottle = (from: number, to: number) =>
      medianOf(durationsOf(plan.actions.filter((a) => a.template === 'Help at the bottle return' && a.acceptAfterMs !== null && a.at.getTime() >= todayStart - from * DAY && a.at.getTime() < todayStart - to * DAY).map((a) => a.acceptAfterMs!)))!;
    expect(bottle(28, 21)).toBeGreaterThan(1.5 * bottle(7, 0));

    const saturday = (at: Date) => new Intl.DateTimeFormat('en', { timeZone: ZONE, weekday: 'short' }).format(at) === 'Sat';
    const closings = plan.tasks.filter((t) => t.template === 'Closing checklist');
    const lateOnSaturday = closings.filter((t) => saturday(t.due)).every((t) => t.completedAt === null || t.completedAt > t.due);
    expect(lateOnSaturday).toBe(true);
    expect(closings.filter((t) => !saturday(t.due) && t.completedAt !== null && t.completedAt <= t.due).length).toBeGreaterThan(10);

    expect(plan.firings[0]!.at.getTime()).toBeGreaterThanOrEqual(todayStart - 14 * DAY);
    expect(plan.firings.some((f) => f.outcome === 'throttled')).toBe(true);
    // Every fired press sent one action, which names it.
    const fired = plan.firings.flatMap((f, index) => (f.outcome === 'fired' ? [index] : []));
    expect(plan.actions.flatMap((a) => (a.firing === null ? [] : [a.firing]))).toEqual(fired);
  });

  it('is shut on Sundays', () => {
    const sunday = (at: Date) => new Intl.DateTimeFormat('en', { timeZone: ZONE, weekday: 'short' }).format(at) === 'Sun';
    expect([...plan.actions.map((a) => a.at), ...plan.tasks.map((t) => t.start)].filter(sunday)).toEqual([]);
  });
});
