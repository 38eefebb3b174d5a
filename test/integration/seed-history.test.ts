import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { durationsOf, medianOf } from '@portal/shared/reports/durations';
import { mergeByValue, readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { historyPlan } from '../../infra/local/history-plan.ts';
import { seedActions } from '../../infra/local/seed-actions.ts';
import { seedHistory } from '../../infra/local/seed-history.ts';
import { seedShifts } from '../../infra/local/seed-shifts.ts';
import { seedTasks } from '../../infra/local/seed-tasks.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

const ZONE = 'Europe/Berlin';
const NOW = new Date('2026-11-29T15:30:00.000Z');

describe('the demo organisation’s four weeks of history (infra/local/seed-history.ts)', () => {
  let orgId: string;
  const today = dayIn(ZONE, NOW);
  const plan = historyPlan(today.date, ZONE);
  const range = { from: '2026-10-01', to: today.date };

  beforeAll(async () => {
    const email = `history-${randomUUID().slice(0, 8)}@seed-history.test`;
    const adminId = await createIdentity(email, 'Seed-History-1!');
    orgId = await foundOrganization({ name: 'History Market', timeZone: ZONE, owner: ownerOf(adminId, ['superadmin'], email) });
    await Promise.all([seedActions(orgId, adminId), seedTasks(orgId, adminId), seedShifts(orgId, adminId, NOW)]);
    const started = performance.now();
    expect(await seedHistory(orgId, NOW)).toBe(true);
    console.log(`[seed-history] four weeks seeded in ${Math.round(performance.now() - started)} ms (one run, this machine; not asserted)`);
  }, 180_000);

  it('reports every planned action once, by the module’s own mapping, on the days before today', async () => {
    const all = await readRollups({ orgId, kind: 'ACTION', dimension: 'ALL', ...range });
    expect(all.every((row) => row.date < today.date)).toBe(true);
    const [total] = mergeByValue(all);
    expect(total!.counters).toEqual({ n: plan.actions.length, acc: plan.actions.filter((a) => a.acceptAfterMs !== null).length, esc: plan.actions.filter((a) => a.escalated).length, exp: plan.actions.filter((a) => a.outcome === 'expired').length });
    expect(medianOf(total!.durations)).toBe(medianOf(durationsOf(plan.actions.flatMap((a) => (a.acceptAfterMs === null ? [] : [a.acceptAfterMs])))));
    // Every action asked its activity first: the groups reached name the three activities and everyone.
    const groups = mergeByValue(await readRollups({ orgId, kind: 'ACTION', dimension: 'GROUP', ...range }));
    expect(groups.map((row) => row.key.split(':')[0]).sort()).toEqual(['everyone', 'shift_activity_type', 'shift_activity_type', 'shift_activity_type']);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await readRollups({ orgId, kind: 'ACTION', dimension: 'ALL', ...range });
    expect(await seedHistory(orgId, NOW)).toBe(false);
    expect(await readRollups({ orgId, kind: 'ACTION', dimension: 'ALL', ...range })).toEqual(before);
  });
});
