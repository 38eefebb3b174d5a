import { randomUUID } from 'node:crypto';
import { partsIn } from '@portal/shared/scheduling/series-time';
import type { HttpLog } from './http-log.ts';
import type { SoakOrganisation } from './soak-organisation.ts';
import { seededRandom } from '../../infra/local/seeded-random.ts';

/** An item an admin made, as the API answered it, for the audit to read back. */
export interface SentItem {
  kind: 'notification' | 'action' | 'task';
  id: string;
  /** When it goes out: the send (or scheduled send) or the task's start (epoch ms). */
  dueAt: number;
  /** Deleted before it went out: nobody may receive it. */
  deleted?: boolean;
  /** A DELETE was sent and never answered (the portal killed, or a 5xx): deleted or not, the admin cannot tell. */
  deleteUnanswered?: boolean;
}

const BERLIN = 'Europe/Berlin';
const at = (ms: number) => partsIn(new Date(ms), BERLIN, true);
const content = (title: string, body = '') => ({ title: { text: title }, body: { text: body } });
const toGroups = (...groups: string[][]) => groups.map((ids, i) => ({ group_number: i, recipients: ids.map((id) => ({ id, type: 'user_group' })) }));

/**
 * `adminTokens.length` admins working the HTTP API at once until `until`, each every 4 to 12 s:
 * notifications now to one or two stores, notifications scheduled 10 to 40 s ahead (some deleted
 * again before they go), actions to two stores in two steps with a 5 or 10 s time-out and a
 * threshold of one or two, tasks starting in a few seconds with a checklist of up to four items
 * or none. What was accepted goes into `items`; a call that failed (the portal down) is the
 * person trying again at their next turn.
 */
export async function runAdmins(api: HttpLog, org: SoakOrganisation, seed: number, until: number, items: SentItem[]): Promise<void> {
  const { orgId, storeGroups } = org;
  const path = (tail: string) => `/organizations/${orgId}${tail}`;
  await Promise.all(
    org.adminTokens.map(async (token, admin) => {
      const random = seededRandom(seed * 31 + admin);
      const stores = (count: number) => random.sample(storeGroups, count);
      const pendingScheduled: SentItem[] = [];
      while (Date.now() < until) {
        await new Promise((done) => setTimeout(done, random.int(4_000, 12_000)));
        if (Date.now() >= until) break;
        const roll = random.next();
        const tag = randomUUID().slice(0, 6);
        if (roll < 0.35) {
          const answer = await api.call<{ id: string }>(token, 'POST', path('/notifications'), { content: content(`Now ${tag}`, 'Soak'), recipient_groups: toGroups(stores(random.int(1, 2))) });
          if (answer.status === 202) items.push({ kind: 'notification', id: answer.body.id, dueAt: Date.now() });
        } else if (roll < 0.5) {
          const dueAt = Date.now() + random.int(10_000, 40_000);
          const answer = await api.call<{ id: string }>(token, 'POST', path('/notifications'), {
            content: content(`Later ${tag}`),
            recipient_groups: toGroups(stores(1)),
            config: { send: at(dueAt) },
          });
          if (answer.status === 201) {
            const item: SentItem = { kind: 'notification', id: answer.body.id, dueAt: Math.floor(dueAt / 1000) * 1000 };
            items.push(item);
            pendingScheduled.push(item);
          }
        } else if (roll < 0.55 && pendingScheduled.length) {
          const item = pendingScheduled.shift()!;
          if (item.dueAt - Date.now() > 5_000) {
            const answer = await api.call(token, 'DELETE', path(`/notifications/${item.id}`));
            if (answer.status >= 200 && answer.status < 300) item.deleted = true;
            else if (answer.status === 0 || answer.status >= 500) item.deleteUnanswered = true;
          }
        } else if (roll < 0.78) {
          const [first, second] = stores(2);
          const answer = await api.call<{ id: string }>(token, 'POST', path('/actions'), {
            content: content(`Till ${tag}`, 'Queue at the front'),
            recipient_groups: toGroups([first!], [second!]),
            config: { forward_after: random.pick([5, 10]), response_threshold: random.chance(0.5) ? { type: 1, number: null } : { type: 3, number: 2 } },
          });
          if (answer.status === 202) items.push({ kind: 'action', id: answer.body.id, dueAt: Date.now() });
        } else {
          const start = Date.now() + random.int(5_000, 15_000);
          const checklist = Array.from({ length: random.pick([0, 2, 4]) }, (_, i) => ({ id: `k${i + 1}`, title: { text: `Item ${i + 1}` }, is_checked: false, is_deleted: false }));
          const answer = await api.call<{ id: string }>(token, 'POST', path('/tasks'), {
            content: { ...content(`Task ${tag}`, 'As agreed'), checklist },
            recipient_groups: toGroups(stores(1)),
            config: { closure_criteria: 'one', reminders_enabled: false, start: at(start), end: at(start + 3_600_000), recurring: null },
          });
          if (answer.status === 201) items.push({ kind: 'task', id: answer.body.id, dueAt: Math.floor(start / 1000) * 1000 });
        }
      }
    }),
  );
}
