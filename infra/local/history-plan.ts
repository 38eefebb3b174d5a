import { zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import type { StaffName } from './live-day.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * What the demo shop went through in the four weeks before today (issue 32, decision 0087), as
 * plain events: the history seed (seed-history.ts) turns them into each module's report facts.
 * Deterministic (a seeded generator), so every first start shows the same story, told in local
 * times of the organisation's zone. The stories a manager should find on /reports:
 * - help at the bottle return comes faster week by week (the Flic button came two weeks ago);
 * - the closing checklist is finished late every Saturday, its chilled cabinets often left unticked;
 * - the morning briefing is read by most staff within the hour.
 * The shop is open Monday to Saturday, 08:00 to 20:00.
 */

export const HISTORY_DAYS = 28;

export interface HistoryAction {
  template: 'Cashier needed at till 3' | 'Help at the bottle return' | 'Unload the delivery truck' | 'Spill in aisle 5';
  at: Date;
  /** Asked beyond the first group (nobody answered in its time-out). */
  escalated: boolean;
  outcome: 'fulfilled' | 'expired';
  /** From the send to the first accept; null when it expired. */
  acceptAfterMs: number | null;
  /** Sent by the Flic button's firing (the index of its firing in `firings`), or by hand. */
  firing: number | null;
}

export interface HistoryTask {
  /** A demo task template's title, or null: a task written by hand (the drinks shelf, sent to one person). */
  template: 'Opening checklist' | 'Closing checklist' | 'Clean the bottle return' | null;
  start: Date;
  due: Date;
  /** Null: never completed (still overdue). */
  completedAt: Date | null;
  /** Who ticked the last item, or answered on the watch (a task without a checklist). */
  completedBy: StaffName;
  /** A task without a checklist is answered: its one recipient declined it. */
  declined?: boolean;
  /** The checklist items (by index) not ticked by the due time: ticked at a late completion, or never. */
  unticked: number[];
}

export interface HistoryNotification {
  title: string;
  at: Date;
  /** Per demo employee: when they read it, ms after the send, or null (unread). */
  reads: Array<{ who: StaffName; afterMs: number | null }>;
}

export interface HistoryFiring {
  at: Date;
  outcome: 'fired' | 'throttled';
}

export interface HistoryPlan {
  actions: HistoryAction[];
  tasks: HistoryTask[];
  notifications: HistoryNotification[];
  firings: HistoryFiring[];
}

/** The soak's seeded generator, with a response time's spread: the same seed gives the same four weeks. */
function generator(seed: number) {
  const random = seededRandom(seed);
  const next = random.next;
  return {
    between: random.int,
    chance: random.chance,
    /** Roughly log-normal around `median` (a response time): most near it, a few much slower. */
    around: (median: number) => Math.max(1, Math.round(median * Math.exp((next() + next() + next() - 1.5) * 0.9))),
  };
}

const STAFF: readonly StaffName[] = ['Anna', 'Ben', 'Clara', 'David', 'Elif', 'Felix'];
const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface LocalDay {
  year: number;
  month: number;
  day: number;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  /** 1 (four weeks ago) … HISTORY_DAYS (yesterday). */
  index: number;
}

/** The HISTORY_DAYS local dates before `today` (YYYY-MM-DD), oldest first. */
function pastDays(today: string): LocalDay[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const days: LocalDay[] = [];
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const date = new Date(Date.UTC(y, m - 1, d - back));
    days.push({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: (date.getUTCDay() + 6) % 7, index: HISTORY_DAYS + 1 - back });
  }
  return days;
}

/**
 * The four weeks before `today` (the organisation's date) in `timeZone`. Instants are whole
 * milliseconds, as the portal stores them; every one lies before today's start.
 */
export function historyPlan(today: string, timeZone: string, seed = 20261129): HistoryPlan {
  const random = generator(seed);
  const plan: HistoryPlan = { actions: [], tasks: [], notifications: [], firings: [] };
  for (const day of pastDays(today)) {
    if (day.weekday === 6) continue;
    const at = (hour: number, minute: number, second = 0) => new Date(zonedTimeToUtc({ year: day.year, month: day.month, day: day.day, hour, minute }, timeZone).getTime() + second * SECOND);
    const during = (fromHour: number, toHour: number) => at(random.between(fromHour, toHour - 1), random.between(0, 59), random.between(0, 59));
    const saturday = day.weekday === 5;
    // From four weeks ago to yesterday, help at the bottle return comes about three times as fast.
    const progress = (day.index - 1) / (HISTORY_DAYS - 1);

    const action = (template: HistoryAction['template'], when: Date, median: number, firing: number | null = null) => {
      const expired = random.chance(0.05);
      const escalated = expired || random.chance(0.15);
      plan.actions.push({ template, at: when, escalated, outcome: expired ? 'expired' : 'fulfilled', acceptAfterMs: expired ? null : random.around(median) + (escalated ? 30 * SECOND : 0), firing });
    };
    for (let i = random.between(saturday ? 5 : 3, saturday ? 8 : 5); i > 0; i--) action('Cashier needed at till 3', during(8, 20), 45 * SECOND);
    // The Flic button came two weeks ago: since then most bottle-return calls are its firings.
    const flic = day.index > HISTORY_DAYS / 2;
    for (let i = random.between(1, 3); i > 0; i--) {
      const when = during(9, 19);
      const median = (4 - 2.8 * progress) * MINUTE;
      if (!flic) {
        action('Help at the bottle return', when, median);
        continue;
      }
      plan.firings.push({ at: when, outcome: 'fired' });
      action('Help at the bottle return', when, median, plan.firings.length - 1);
      // A second press within the trigger's 10 s is throttled.
      if (random.chance(0.25)) plan.firings.push({ at: new Date(when.getTime() + random.between(2, 9) * SECOND), outcome: 'throttled' });
    }
    if (day.weekday <= 4) action('Unload the delivery truck', at(random.between(9, 11), random.between(0, 59)), 3 * MINUTE);
    if (random.chance(0.3)) action('Spill in aisle 5', during(10, 19), 70 * SECOND);

    const completer = () => STAFF[random.between(0, STAFF.length - 1)]!;
    const opening = at(8, 0);
    // Now and then the opening runs late: the offer signs are put out after the doors open.
    const openingLate = random.chance(0.1);
    plan.tasks.push({
      template: 'Opening checklist',
      start: at(7, 0),
      due: opening,
      completedAt: new Date(opening.getTime() + (openingLate ? random.between(5, 30) : -random.between(2, 25)) * MINUTE),
      completedBy: completer(),
      unticked: openingLate ? [3] : [],
    });
    const closing = at(20, 30);
    const late = saturday ? random.between(15, 40) : random.chance(0.1) ? random.between(5, 15) : -random.between(1, 15);
    plan.tasks.push({
      template: 'Closing checklist',
      start: at(20, 0),
      due: closing,
      completedAt: saturday && random.chance(0.15) ? null : new Date(closing.getTime() + late * MINUTE),
      completedBy: completer(),
      // A late closing is late at the chilled cabinets, covered last (or never).
      unticked: saturday || late > 0 ? [2] : [],
    });
    if (day.weekday === 1 || day.weekday === 4) {
      plan.tasks.push({ template: 'Clean the bottle return', start: at(14, 0), due: at(16, 0), completedAt: at(15, random.between(0, 59)), completedBy: completer(), unticked: [] });
    }

    // A task by hand to one person, answered on the watch: the tasks report's by-person table.
    if (day.weekday <= 4) {
      const declined = random.chance(0.2);
      const due = at(12, 0);
      plan.tasks.push({ template: null, start: at(10, 0), due, completedAt: declined ? null : new Date(due.getTime() + random.between(-90, 20) * MINUTE), completedBy: completer(), declined, unticked: [] });
    }

    if (day.weekday <= 4) {
      plan.notifications.push({
        title: 'Morning briefing',
        at: at(7, 30),
        reads: STAFF.map((who) => ({ who, afterMs: random.chance(0.85) ? random.around(20 * MINUTE) : null })),
      });
    }
  }
  return plan;
}
