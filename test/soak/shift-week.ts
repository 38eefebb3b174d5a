import { addDays, isoWeekOf, mondayOf } from '@portal/shared/shifts/iso-week';
import { RETRY_WINDOW_MS, type HttpLog } from './http-log.ts';
import type { SoakOrganisation } from './soak-organisation.ts';
import type { Random } from '../../infra/local/seeded-random.ts';

/** The week as last published: each planned person's shift ids and starts (epoch ms). */
export interface PublishedWeek {
  week: string;
  publishes: number;
  shifts: Map<string, Array<{ shiftId: string; startAt: number }>>;
}

const at = (date: string, hour: number) => ({ date, time: `${String(hour).padStart(2, '0')}:00`, offset: '+00:00' });

/**
 * Next week's plan for up to 200 staff (one early or late shift each), published; `republish`
 * moves a tenth of the shifts by an hour and publishes again, so those people get their week a
 * second time. A call refused while the portal is down is tried again (a manager clicks again).
 */
export function shiftWeek(api: HttpLog, org: SoakOrganisation, random: Random, log: (line: string) => void = () => undefined) {
  const token = org.adminTokens[0]!;
  const week = isoWeekOf(addDays(new Date().toISOString().slice(0, 10), 7));
  const monday = mondayOf(week);
  const published: PublishedWeek = { week, publishes: 0, shifts: new Map() };
  const planned: Array<{ userId: string; shiftId: string; date: string; hour: number }> = [];
  const path = (tail: string) => `/organizations/${org.orgId}${tail}`;
  async function persist<T>(method: string, tail: string, body?: unknown): Promise<T> {
    const giveUpAt = Date.now() + RETRY_WINDOW_MS;
    for (;;) {
      const answer = await api.call<T>(token, method, path(tail), body);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      if (Date.now() >= giveUpAt || (answer.status >= 400 && answer.status < 500)) throw new Error(`${method} ${tail}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((done) => setTimeout(done, 1_000));
    }
  }
  /**
   * A shift made once: a POST that got no answer (the portal killed after the write, or a write
   * that landed after the 30 s the caller waits) may have stored it all the same, and POST /shifts
   * takes no idempotency key, so before trying again the manager looks at the week, as the planner
   * shows it (each person has one shift here). Blindly posted again, run 13 planned a second shift
   * for one person and the audit found it on the watch.
   */
  async function createShift(userId: string, body: unknown): Promise<{ id: string }> {
    const giveUpAt = Date.now() + RETRY_WINDOW_MS;
    for (;;) {
      const answer = await api.call<{ id: string }>(token, 'POST', path('/shifts'), body);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      if (Date.now() >= giveUpAt || (answer.status >= 400 && answer.status < 500)) throw new Error(`POST /shifts: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((done) => setTimeout(done, 1_000));
      const stored = await persist<{ shifts: Array<{ id: string; user_id: string; week: string }> }>('GET', `/shift-weeks/${week}`);
      const made = stored.shifts.find((s) => s.user_id === userId && s.week === week);
      if (made) return { id: made.id };
    }
  }
  const record = () => {
    published.publishes++;
    published.shifts = new Map(planned.map((s) => [s.userId, [{ shiftId: s.shiftId, startAt: Date.parse(`${s.date}T${String(s.hour).padStart(2, '0')}:00:00Z`) }]]));
  };
  return {
    published,
    async planAndPublish() {
      for (const member of org.staff.slice(0, 200)) {
        const date = addDays(monday, random.int(0, 6));
        const hour = random.pick([6, 14]);
        const shift = await createShift(member.userId, { user_id: member.userId, name: hour === 6 ? 'Early' : 'Late', start: at(date, hour), end: at(date, hour + 8), activities: [] });
        planned.push({ userId: member.userId, shiftId: shift.id, date, hour });
        // A run that does not end says how far its week got.
        if (planned.length % 50 === 0) log(`shift week: ${planned.length} shifts planned`);
      }
      await persist('POST', `/shift-weeks/${week}/publish`);
      log('shift week: published');
      record();
    },
    async republish() {
      for (const shift of random.sample(planned, Math.ceil(planned.length / 10))) {
        shift.hour += 1;
        await persist('PUT', `/shifts/${shift.shiftId}`, { user_id: shift.userId, name: 'Moved', start: at(shift.date, shift.hour), end: at(shift.date, shift.hour + 8), activities: [] });
      }
      await persist('POST', `/shift-weeks/${week}/publish`);
      log('shift week: published again');
      record();
    },
  };
}
