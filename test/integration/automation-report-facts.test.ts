import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TriggerDto } from '@portal/shared/automation/automation.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { createEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { medianOf, percentileOf } from '@portal/shared/reports/durations';
import { sendFromTemplate } from '../../functions/src/actions/from-template.service.ts';
import { applyAnswer } from '../../functions/src/actions/uplink.service.ts';
import { fireTrigger } from '../../functions/src/automation/fire.service.ts';
import { latestFirings } from '../../functions/src/automation/firings.repository.ts';
import { registerFiringFactListener } from '../../functions/src/automation/public.ts';
import { firingFactId } from '../../functions/src/automation/report-fact.ts';
import { firingFacts } from '../../functions/src/automation/report-refresh.ts';
import { applyButtonPress } from '../../functions/src/automation/uplink.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { UnavailableError } from '../../functions/src/platform/errors/domain-errors.ts';
import { logger } from '../../functions/src/platform/logger.ts';
import { readFacts } from '../../functions/src/platform/reports/read-facts.ts';
import { mergeByDate, mergeByValue, readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { FROM_TEMPLATE_JOB, fromTemplateRequest } from '../../functions/src/platform/templates/from-template-job.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { recordQueuedJobs } from '../support/report-refresh-failure.ts';
import { byKey } from '../support/rollup-totals.ts';

/**
 * Automation feeds the reports kit (issue 32, decision 0087): every firing's insert (fired,
 * throttled), its mark as failed and the first accept of an action it made refresh its FIRING fact,
 * and the rollups read back as exact figures per day and trigger. Webhook firings through the firing
 * service at fixed clocks around a Berlin midnight a few hours ahead (no real timer fires during the
 * test), a kiosk tablet's press through the button uplink service, accepts through the actions'
 * uplink service with the device's time. Each action is sent at its firing's clock (its job's own
 * function run first, as the demo's live day does), so its accept's time after the firing is exact.
 */
process.env.SCHEDULER ??= 'table';

const ZONE = 'Europe/Berlin';
const PASSWORD = 'Firing-Report-1!';
const { userEvents: userEventsTopic, deviceEvents: deviceEventsTopic } = topicsFor();

/** A transaction that writes a FIRING fact (the refresh's), told apart from every other. */
const writesFiringFact = (command: unknown) =>
  command instanceof TransactWriteCommand && (command.input.TransactItems ?? []).some((item) => String(item.Put?.Item?.pk ?? '').includes('#RFACT#FIRING'));

describe('automation: report facts (decision 0087)', () => {
  let orgId: string;
  let token: string;
  let ann: string;
  let bob: string;
  let template: string;
  /** A Berlin midnight some hours ahead: day D before it, D+1 after it. */
  let midnight: number;
  let dayBefore: string;
  let dayAfter: string;
  /** While set, the queue refuses jobs (SQS down). */
  let refuseJobs = false;

  const api = async <T>(module: 'automation' | 'actions' | 'devices' | 'settings', method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await callApi(module, method, `/api/organizations/${orgId}${path}`, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as T;
  };
  const minutes = (n: number) => new Date(midnight + n * 60_000);
  const after = (at: Date, ms: number) => new Date(at.getTime() + ms);
  const createTrigger = (name: string, type: string, throttleSeconds = 0) =>
    api<TriggerDto>('automation', 'POST', '/triggers', {
      name,
      type,
      workflows: [{ id: template, type: 'action-template' }],
      metadata: { is_external: true },
      is_throttling_enabled: throttleSeconds > 0,
      throttle_duration_in_seconds: throttleSeconds,
    });
  /** A webhook's firing at `at`; the id of the action it made (null when throttled). */
  async function webhook(trigger: TriggerDto, at: Date, deliveryId = `msg_${randomUUID()}`) {
    const result = await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId }, at);
    await localDeliveryQueue().idle();
    return { ...result, actionId: result.firing.created[0]?.id ?? null };
  }
  /** An accept from the user's own events topic `ms` after the firing (the device's time and the server's). */
  function accept(actionId: string, firingAt: Date, userId: string, ms: number, envelopeId = randomUUID()) {
    const at = after(firingAt, ms);
    return applyAnswer(userEventsTopic(orgId, userId), createEnvelope('accepted', { kind: 'action', action_id: actionId, at: at.toISOString() }, envelopeId), at);
  }
  const rows = (dimension: 'ALL' | 'TRIGGER') => readRollups({ orgId, kind: 'FIRING', dimension, from: dayBefore, to: dayAfter });

  beforeAll(async () => {
    const email = `super-${randomUUID().slice(0, 8)}@firing-report.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Firing Report Market', timeZone: ZONE, owner: ownerOf(adminId, ['superadmin'], email) });
    token = await signIn(email, PASSWORD);
    [ann, bob] = await Promise.all(
      ['Ann', 'Bob'].map(async (firstname) => {
        const userId = `${firstname.toLowerCase()}-${randomUUID().slice(0, 8)}`;
        await insertUser({ orgId, userId, email: `${userId}@firing-report.test`, firstname, lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
        return userId;
      }),
    ) as [string, string];
    await api('actions', 'PUT', '/settings/actions', { forward_after_options: [30, 1_800], forward_after_default: 1_800 });
    // Everyone must accept: a second accept counts, and is not the first.
    template = (
      await api<{ id: string }>('actions', 'POST', '/action-templates', {
        action: {
          content: { title: { text: 'Help at bottle return' }, body: { text: '' } },
          recipient_groups: [{ group_number: 0, recipients: [ann, bob].map((id) => ({ id, type: 'user' })) }],
          config: { forward_after: 1_800, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.All, number: null } },
        },
      })
    ).id;
    const next = dayIn(ZONE, new Date(Date.now() + 3 * 3_600_000));
    midnight = Date.parse(next.end);
    [dayBefore, dayAfter] = [next.date, dayIn(ZONE, new Date(midnight + 1)).date];
    // As the actions' uplink entry registers it.
    registerFiringFactListener();
  });

  // The queue as the local runtime has it, but each action is sent at its firing's clock first (its
  // job's own function, as seed-live-firings.ts does); the job then finds it sent.
  recordQueuedJobs(async (jobs) => {
    if (refuseJobs) throw new Error('queue unavailable');
    for (const job of jobs) {
      if (job.module !== 'actions' || job.kind !== FROM_TEMPLATE_JOB) continue;
      const request = fromTemplateRequest(job.payload);
      await sendFromTemplate(job.orgId, request, new Date(request.firingAt!));
    }
  });

  it('gives exact firings, throttled, failed and response counts and the median and 90th percentile by day and trigger; repeats change nothing', async () => {
    const bottle = await createTrigger('Bottle return', 'flic-button', 60);
    const kiosk = await createTrigger('Help at the kiosk', 'tablet-kiosk-button');
    const group = await api<{ id: string }>('automation', 'POST', '/trigger-groups', { name: 'Entrance', description: 'Entrance buttons', type: 'kiosk-app', trigger_ids: [kiosk.id] });
    const tablet = (await api<{ device: { id: string } }>('devices', 'POST', '/devices', { device_id: `SN-${randomUUID().slice(0, 8)}`, type: 'android_tablet' })).device.id;
    await api('settings', 'PATCH', '/settings/general', { general: { tablet: { trigger_group_map: [{ device_id: tablet, trigger_group_id: group.id }] } } });
    /** The kiosk tablet's press at `at`, through the button uplink; the action its firing made. */
    const press = async (at: Date) => {
      const envelope = createEnvelope('button', { kind: 'button', at: at.toISOString(), trigger_id: kiosk.id }, randomUUID());
      expect(await applyButtonPress(deviceEventsTopic(orgId, tablet), envelope, at)).toBe('fired');
      await localDeliveryQueue().idle();
      const firing = (await latestFirings(orgId, kiosk.id, 1))[0]!;
      expect(firing).toMatchObject({ at: at.toISOString(), source: 'button', outcome: 'fired', deviceId: tablet });
      return firing.created[0]!.id;
    };

    // Day D, 23:30: the bottle return's webhook fires (Ann accepts after 12 s, Bob after 40 s: not
    // the first), a second delivery 10 s later is throttled; 23:40 the kiosk's button (Bob, 30 s).
    const w1 = await webhook(bottle, minutes(-30), 'msg_d1');
    expect(w1.outcome).toBe('fired');
    expect((await webhook(bottle, after(minutes(-30), 10_000))).outcome).toBe('throttled');
    const k1 = await press(minutes(-20));
    // Day D+1, 00:05: the webhook fires (Ann, 20.5 s), 30 s later throttled; 00:10 the kiosk
    // (never accepted); 00:15 the kiosk (Ann, 45 s); 00:20 the webhook while the queue is down: failed.
    const w2 = await webhook(bottle, minutes(5));
    expect((await webhook(bottle, after(minutes(5), 30_000))).outcome).toBe('throttled');
    await press(minutes(10));
    const k3 = await press(minutes(15));
    refuseJobs = true;
    const down = await webhook(bottle, minutes(20), 'msg_down').catch((error: unknown) => error);
    refuseJobs = false;
    expect(down).toBeInstanceOf(UnavailableError);
    expect((await latestFirings(orgId, bottle.id, 1))[0]).toMatchObject({ at: minutes(20).toISOString(), outcome: 'failed' });

    const envelope = randomUUID();
    expect(await accept(w1.actionId!, minutes(-30), ann, 12_000, envelope)).toBe('counted');
    expect(await accept(w1.actionId!, minutes(-30), bob, 40_000)).toBe('counted');
    expect(await accept(k1, minutes(-20), bob, 30_000)).toBe('counted');
    expect(await accept(w2.actionId!, minutes(5), ann, 20_500)).toBe('counted');
    expect(await accept(k3, minutes(15), ann, 45_000)).toBe('counted');
    await localDeliveryQueue().idle();
    expect(localDeliveryQueue().deadLetters).toEqual([]);

    const [all] = mergeByValue(await rows('ALL'));
    expect(all!.counters).toEqual({ fired: 5, thr: 2, fail: 1, resp: 4 });
    expect(all!.durations).toEqual({ 12_000: 1, 20_500: 1, 30_000: 1, 45_000: 1 });
    expect(medianOf(all!.durations)).toBe(25_250);
    expect(percentileOf(all!.durations, 0.9)).toBe(45_000);
    expect(byKey(mergeByDate(await rows('ALL')))).toEqual({
      [dayBefore]: { fired: 2, thr: 1, resp: 2, durations: { 12_000: 1, 30_000: 1 } },
      [dayAfter]: { fired: 3, thr: 1, fail: 1, resp: 2, durations: { 20_500: 1, 45_000: 1 } },
    });
    expect(byKey(mergeByValue(await rows('TRIGGER')))).toEqual({
      [bottle.id]: { fired: 2, thr: 2, fail: 1, resp: 2, durations: { 12_000: 1, 20_500: 1 } },
      [kiosk.id]: { fired: 3, resp: 2, durations: { 30_000: 1, 45_000: 1 } },
    });
    const bottleOnD1 = (await rows('TRIGGER')).filter((row) => row.value === bottle.id && row.date === dayAfter);
    expect(medianOf(mergeByValue(bottleOnD1)[0]!.durations)).toBe(20_500);

    // The CSV's rows: one fact per firing, oldest first, with its columns.
    const facts = await readFacts({ orgId, kind: 'FIRING', start: dayIn(ZONE, minutes(-30)).start, end: dayIn(ZONE, minutes(20)).end, limit: 100 });
    expect(facts.data.map((fact) => [fact.localDate, fact.columns.outcome, fact.columns.response_ms])).toEqual([
      [dayBefore, 'fired', 12_000],
      [dayBefore, 'throttled', null],
      [dayBefore, 'fired', 30_000],
      [dayAfter, 'fired', 20_500],
      [dayAfter, 'throttled', null],
      [dayAfter, 'fired', null],
      [dayAfter, 'fired', 45_000],
      [dayAfter, 'failed', null],
    ]);
    expect(facts.data[0]).toEqual({
      instant: minutes(-30).toISOString(),
      itemId: firingFactId({ triggerId: bottle.id, at: minutes(-30).toISOString(), firingId: w1.firing.id }),
      localDate: dayBefore,
      localHour: 23,
      columns: { trigger_id: bottle.id, source: 'webhook', outcome: 'fired', at: minutes(-30).toISOString(), created_items: 1, response_ms: 12_000 },
    });

    // The same accept envelope again, the webhook's delivery replayed, every refresh run again: nothing moves.
    const before = { all: await rows('ALL'), trigger: await rows('TRIGGER') };
    expect(await accept(w1.actionId!, minutes(-30), ann, 12_000, envelope)).toBe('duplicate');
    const replay = await webhook(bottle, after(minutes(-30), 2_000), 'msg_d1');
    expect(replay).toMatchObject({ outcome: 'fired', replayed: true, firing: { id: w1.firing.id } });
    for (const fact of facts.data) expect(await firingFacts.now(orgId, fact.itemId)).toBe('unchanged');
    expect({ all: await rows('ALL'), trigger: await rows('TRIGGER') }).toEqual(before);
  }, 60_000);

  it('tries a refresh that fails again, and logs one that keeps failing; the next refresh of the firing (an accept) counts it', async () => {
    const flaky = await createTrigger('Flaky', 'flic-button');
    const send0 = documentClient.send.bind(documentClient) as (command: unknown) => Promise<unknown>;
    let failures = 0;
    let failing: 'once' | 'always' = 'once';
    vi.spyOn(documentClient, 'send').mockImplementation((async (command: unknown) => {
      if (writesFiringFact(command) && (failing === 'always' || failures === 0)) {
        failures++;
        throw new Error('Throughput exceeds the current capacity');
      }
      return send0(command);
    }) as typeof documentClient.send);
    const errors = vi.spyOn(logger, 'error');

    // The refresh's transaction fails once (the table throttled, say): tried again, it counts.
    const once = await webhook(flaky, minutes(30));
    expect(failures).toBe(1);
    const itemId = (firing: { id: string; at: string }) => firingFactId({ triggerId: flaky.id, at: firing.at, firingId: firing.id });
    expect(await firingFacts.now(orgId, itemId(once.firing))).toBe('unchanged');
    // It fails every time: the firing answers as ever, and the error is logged with the fact's id.
    failing = 'always';
    const lost = await webhook(flaky, minutes(35));
    expect(lost.outcome).toBe('fired');
    expect(failures).toBe(4);
    expect(errors).toHaveBeenCalledWith('Report fact not refreshed', expect.objectContaining({ orgId, kind: 'FIRING', itemId: itemId(lost.firing), attempts: 3 }));
    const flakyRows = async () => byKey(mergeByValue((await rows('TRIGGER')).filter((row) => row.value === flaky.id)));
    expect(await flakyRows()).toEqual({ [flaky.id]: { fired: 1, durations: {} } });

    // The table back, the lost firing's action is accepted: its refresh brings the whole fact.
    vi.restoreAllMocks();
    expect(await accept(lost.actionId!, minutes(35), bob, 7_000)).toBe('counted');
    expect(await flakyRows()).toEqual({ [flaky.id]: { fired: 2, resp: 1, durations: { 7_000: 1 } } });
  }, 60_000);
});
