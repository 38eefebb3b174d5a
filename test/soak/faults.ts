import { join } from 'node:path';
import type { HttpLog } from './http-log.ts';
import type { SentItem } from './admin-load.ts';
import type { SoakOrganisation } from './soak-organisation.ts';
import type { Random } from '../../infra/local/seeded-random.ts';
import type { WatchFleet } from './watch-fleet.ts';

type SeededPortal = Awaited<ReturnType<typeof import('../support/seeded-portal.ts').startSeededPortal>>;
type DynamoDbLocal = Awaited<ReturnType<typeof import('../../infra/local/dynamodb-local.ts').startDynamoDbLocal>>;

/** How long after its due time schedule-fired-twice waits for its notification's first firing. */
const FIRING_WAIT_MS = 60_000;

export const FAULT_KINDS = ['portal-killed', 'dynamodb-killed', 'watch-drops-mid-answer', 'schedule-fired-twice'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface PlannedFault {
  kind: FaultKind;
  /** Seconds after the load began. */
  atSeconds: number;
}

export interface InjectedFault extends PlannedFault {
  startedAt: number;
  endedAt: number;
  detail: string;
}

/** Moments the portal could not answer (killed and starting, or its table gone): 5xx there are expected. */
export interface DownWindow {
  from: number;
  to: number;
  why: FaultKind;
}

/**
 * The fault plan: `count` faults (at least one of each kind), at seeded moments between 10 % and
 * 75 % of the run, so the end of the run has load without faults before the audit.
 */
export function planFaults(random: Random, seconds: number, count: number): PlannedFault[] {
  const kinds: FaultKind[] = [...FAULT_KINDS];
  while (kinds.length < count) kinds.push(random.pick(['portal-killed', 'dynamodb-killed'] as const));
  return random
    .sample(kinds, kinds.length)
    .map((kind) => ({ kind, atSeconds: Math.round(seconds * (0.1 + random.next() * 0.65)) }))
    .sort((a, b) => a.atSeconds - b.atSeconds);
}

/**
 * Injects the plan's faults one after another (a fault still under way delays the next):
 * - portal-killed: SIGKILL of `npm start` and all it started, then `npm start` on the same
 *   DATA_DIR and ports. The broker (aedes) runs inside the portal's process, so this is also the
 *   broker's restart: its sessions and the QoS 1 messages it held come back from
 *   DATA_DIR/mqtt-sessions (decision 0065).
 * - dynamodb-killed: SIGKILL of DynamoDB Local's JVM, then DynamoDB Local started again on the same
 *   port and data directory (by the harness, as a supervisor would; the portal does not restart it).
 * - watch-drops-mid-answer: the next five answers from watches are published and their connection
 *   drops at once; each watch resends its answer (same envelope id) after reconnecting.
 * - schedule-fired-twice: a notification scheduled 8 s ahead; once the local scheduler has fired it,
 *   its schedule row is put back as it was, so the scheduler delivers the same occurrence again (as
 *   EventBridge Scheduler may: at least once).
 */
export function faultInjector(deps: { portal: SeededPortal; api: HttpLog; org: SoakOrganisation; fleet: WatchFleet; items: SentItem[]; log: (line: string) => void }) {
  const { portal, api, org, fleet, items, log } = deps;
  const injected: InjectedFault[] = [];
  const downWindows: DownWindow[] = [];
  let externalDynamo: DynamoDbLocal | undefined;

  const untilAnswers = async (deadline: number) => {
    while (Date.now() < deadline) {
      const answer = await api.call(org.adminTokens[0], 'GET', `/organizations/${org.orgId}/settings/actions`);
      if (answer.status === 200) return;
      await new Promise((done) => setTimeout(done, 250));
    }
  };

  async function inject(fault: PlannedFault): Promise<string> {
    switch (fault.kind) {
      case 'portal-killed': {
        const from = Date.now();
        await portal.restart(async () => {
          await externalDynamo?.stop();
          externalDynamo = undefined;
        });
        await untilAnswers(Date.now() + 30_000);
        downWindows.push({ from, to: Date.now(), why: fault.kind });
        return `down ${((Date.now() - from) / 1000).toFixed(1)} s`;
      }
      case 'dynamodb-killed': {
        const from = Date.now();
        const pid = portal.process.dynamoDbLocalPid();
        if (externalDynamo) await externalDynamo.stop();
        else if (pid) process.kill(pid, 'SIGKILL');
        await new Promise((done) => setTimeout(done, 1_000));
        const { startDynamoDbLocal } = await import('../../infra/local/dynamodb-local.ts');
        externalDynamo = await startDynamoDbLocal(join(portal.dataDir, 'dynamodb'), portal.dynamoDbPort);
        await untilAnswers(Date.now() + 30_000);
        downWindows.push({ from, to: Date.now(), why: fault.kind });
        return `down ${((Date.now() - from) / 1000).toFixed(1)} s`;
      }
      case 'watch-drops-mid-answer':
        fleet.dropMidAnswer(5);
        return 'next 5 answers';
      case 'schedule-fired-twice': {
        const { ScheduleEntity } = await import('../../functions/src/platform/scheduling/schedule.entity.ts');
        const { getSchedule } = await import('../../functions/src/platform/scheduling/table.adapter.ts');
        const { scheduleNameOf } = await import('../../functions/src/notifications/schedules.ts');
        const { partsIn } = await import('@portal/shared/scheduling/series-time');
        const dueAt = Date.now() + 8_000;
        const answer = await api.call<{ id: string }>(org.adminTokens[0], 'POST', `/organizations/${org.orgId}/notifications`, {
          content: { title: { text: 'Fired twice' }, body: { text: 'Soak' } },
          recipient_groups: [{ group_number: 0, recipients: [{ id: org.storeGroups[0], type: 'user_group' }] }],
          config: { send: partsIn(new Date(dueAt), 'Europe/Berlin', true) },
        });
        if (answer.status !== 201) return `not scheduled (HTTP ${answer.status})`;
        items.push({ kind: 'notification', id: answer.body.id, dueAt: Math.floor(dueAt / 1000) * 1000 });
        const row = await getSchedule(scheduleNameOf(answer.body.id));
        if (!row) return 'no schedule row';
        // Bounded: a schedule that never fires (kept as failed after its retries) must not hold the run.
        while (await getSchedule(row.name)) {
          if (Date.now() > dueAt + FIRING_WAIT_MS) return `failed: notification ${answer.body.id} not fired ${FIRING_WAIT_MS / 1000} s after it was due`;
          await new Promise((done) => setTimeout(done, 250));
        }
        await ScheduleEntity.put({ ...row, state: 'scheduled', attempts: 0, updatedAt: new Date().toISOString() }).go();
        return `notification ${answer.body.id} put back after firing`;
      }
    }
  }

  return {
    injected,
    downWindows,
    async run(plan: PlannedFault[], loadStartedAt: number): Promise<void> {
      for (const fault of plan) {
        const wait = loadStartedAt + fault.atSeconds * 1000 - Date.now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
        const startedAt = Date.now();
        log(`fault at ${((startedAt - loadStartedAt) / 1000).toFixed(0)} s: ${fault.kind}`);
        const detail = await inject(fault).catch((error: Error) => `failed: ${error.message}`);
        injected.push({ ...fault, startedAt, endedAt: Date.now(), detail });
        log(`  ${fault.kind}: ${detail}`);
      }
    },
    async stop() {
      await externalDynamo?.stop();
    },
  };
}
