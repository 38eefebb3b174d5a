import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { createEnvelope, parseEnvelope, type Envelope } from '@portal/shared/devices/topics';
import type { StaffMember } from './soak-organisation.ts';
import { seededRandom, type Random } from '../../infra/local/seeded-random.ts';

/** What one simulated watch saw: every delivery by envelope id, and each envelope once as it applied it. */
export interface WatchState {
  member: StaffMember;
  client: MqttClient;
  /** Deliveries per envelope id (a QoS 1 repeat counts here, and is applied once). */
  deliveries: Map<string, number>;
  applied: Envelope[];
  /** Answers to actions published and not yet confirmed by an `action_answer`: resent after a reconnect. */
  pendingAnswers: Map<string, Envelope>;
  resentAnswers: number;
  /** The end of the offline spell the watch is on; 0 when it is on none. */
  offlineUntil: number;
}

export interface WatchFleet {
  watches: WatchState[];
  /** The next `count` answers: published, then the connection drops at once (mid-answer); resent after the reconnect. */
  dropMidAnswer(count: number): void;
  /** Counts the fleet's own doings: answers sent, connections dropped mid-answer, offline spells. */
  figures: { answers: number; droppedMidAnswer: number; offlineSpells: number; reconnects: number };
  /** Everyone online (offline spells ended) and every pending answer confirmed, or the time is up. */
  settle(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * One MQTT 3.1.1 client per staff member with the device's own credentials (client id, username,
 * token), a persistent session (clean: false) and a QoS 1 subscription to its inbox, answering as
 * a person would (docs/device-protocol.md §5): `received` then sometimes `read` for a notification
 * or a task, accept, decline or ignore an action, tick a task's checklist and complete or decline
 * it. An answer stays pending until the portal's `action_answer` and is resent with the same
 * envelope id after every reconnect. Some watches go offline for a while and come back.
 */
export async function startWatchFleet(mqttUrl: string, staff: readonly StaffMember[], seed: number): Promise<WatchFleet> {
  const figures = { answers: 0, droppedMidAnswer: 0, offlineSpells: 0, reconnects: 0 };
  let dropBudget = 0;
  let stopped = false;
  let closing = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };

  function startWatch(member: StaffMember, index: number): Promise<WatchState> {
    const random: Random = seededRandom(seed * 7919 + index);
    const client = mqtt.connect(mqttUrl, {
      clientId: member.device.clientId,
      username: member.device.username,
      password: member.device.token,
      protocolVersion: 4,
      clean: false,
      keepalive: 30,
      resubscribe: false,
      // Reconnects are the watch's own (below): one attempt at a time. mqtt.js's timer is an interval
      // that may fire while a slow CONNACK is still coming, and its `_reconnect` then ends a
      // connected client whose `disconnecting` stays set, so no reconnect follows the next close
      // (read in mqtt.js 5.16's client.js; not seen to happen: run 16's ended clients were the
      // teardown's, docs/reliability.md, Open 8 (e)). mqtt.js also gives up after a refused CONNACK.
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    const watch: WatchState = { member, client, deliveries: new Map(), applied: [], pendingAnswers: new Map(), resentAnswers: 0, offlineUntil: 0 };
    // After any close that is not an offline spell or the fleet's end, try again 1 to 2 s later,
    // one attempt at a time; a refused CONNACK (3: the broker is up, its table not yet) closes too,
    // so it is retried as docs/device-protocol.md §6 asks.
    const retryPeriod = 1_000 + random.int(0, 1_000);
    let retry: NodeJS.Timeout | undefined;
    client.on('close', () => {
      if (closing || retry || watch.offlineUntil) return;
      retry = setTimeout(() => {
        retry = undefined;
        if (!closing && !client.connected && !watch.offlineUntil) client.connect();
      }, retryPeriod);
    });
    const publish = (type: string, data: Record<string, unknown>, envelope = createEnvelope(type, { ...data, at: new Date().toISOString() }, randomUUID())) => {
      if (!client.connected) return envelope;
      client.publish(member.device.events, JSON.stringify(envelope), { qos: 1 }, () => undefined);
      return envelope;
    };
    const answer = (type: 'accepted' | 'declined', actionId: string) => {
      const envelope = createEnvelope(type, { kind: 'action', action_id: actionId, at: new Date().toISOString() }, randomUUID());
      watch.pendingAnswers.set(actionId, envelope);
      figures.answers++;
      if (!client.connected) return;
      client.publish(member.device.events, JSON.stringify(envelope), { qos: 1 }, () => undefined);
      if (dropBudget > 0) {
        dropBudget--;
        figures.droppedMidAnswer++;
        // The radio goes: the connection ends under the publish; mqtt.js reconnects on its own.
        client.stream.destroy();
      }
    };

    function react(envelope: Envelope): void {
      const data = envelope.data as Record<string, unknown>;
      const wait = () => random.int(200, 3_000);
      switch (envelope.type) {
        case 'notification':
          later(wait(), () => publish('event', { kind: 'notification', notification_id: data.notification_id, event: 'received' }));
          if (random.chance(0.5)) later(wait() + 3_000, () => publish('event', { kind: 'notification', notification_id: data.notification_id, event: 'read' }));
          break;
        case 'action': {
          const roll = random.next();
          if (roll < 0.45) later(wait(), () => answer('accepted', data.action_id as string));
          else if (roll < 0.7) later(wait(), () => answer('declined', data.action_id as string));
          break;
        }
        case 'action_answer':
        case 'action_closed':
          watch.pendingAnswers.delete(data.action_id as string);
          break;
        case 'task': {
          const taskId = data.task_id as string;
          later(wait(), () => publish('event', { kind: 'task', task_id: taskId, event: 'received' }));
          const checklist = (data.checklist as Array<{ id: string; is_checked: boolean }>) ?? [];
          const roll = random.next();
          if (checklist.length && roll < 0.6) {
            let at = wait();
            for (const item of checklist.filter((i) => !i.is_checked)) {
              at += random.int(300, 1_500);
              later(at, () => publish('checklist', { kind: 'task', task_id: taskId, items: [{ id: item.id, is_checked: true }] }));
            }
            later(at + 1_000, () => publish('completed', { kind: 'task', task_id: taskId }));
          } else if (!checklist.length && roll < 0.5) later(wait(), () => publish('completed', { kind: 'task', task_id: taskId }));
          else if (roll < 0.7) later(wait(), () => publish('declined', { kind: 'task', task_id: taskId }));
          break;
        }
        default:
          break;
      }
    }

    client.on('message', (_topic, payload) => {
      const envelope = parseEnvelope(payload.toString('utf8'));
      if (!envelope) return;
      const seen = watch.deliveries.get(envelope.id) ?? 0;
      watch.deliveries.set(envelope.id, seen + 1);
      if (seen) return;
      watch.applied.push(envelope);
      react(envelope);
    });
    let first = true;
    return new Promise((resolve) => {
      client.on('connect', (connack) => {
        if (!first) figures.reconnects++;
        if (!connack.sessionPresent) client.subscribe(member.device.inbox, { qos: 1 });
        // A reconnect after an answer went up unconfirmed: the same envelope again (the portal counts it once).
        for (const envelope of watch.pendingAnswers.values()) {
          watch.resentAnswers++;
          client.publish(member.device.events, JSON.stringify(envelope), { qos: 1 }, () => undefined);
        }
        if (first) {
          first = false;
          resolve(watch);
        }
      });
      client.on('error', () => undefined);
    });
  }

  const watches: WatchState[] = [];
  for (let i = 0; i < staff.length; i += 50) watches.push(...(await Promise.all(staff.slice(i, i + 50).map((member, j) => startWatch(member, i + j)))));

  // Offline spells: every few seconds a watch leaves for 5 to 40 s (its session stays on the broker).
  const random = seededRandom(seed ^ 0x5eed);
  const wander = () => {
    later(random.int(1_000, 4_000), () => {
      const watch = random.pick(watches);
      if (!watch.offlineUntil && watch.client.connected) {
        const away = random.int(5_000, 40_000);
        watch.offlineUntil = Date.now() + away;
        figures.offlineSpells++;
        watch.client.end(true, () =>
          later(away, () => {
            watch.offlineUntil = 0;
            watch.client.reconnect();
          }),
        );
      }
      wander();
    });
  };
  wander();

  return {
    watches,
    figures,
    dropMidAnswer: (count) => {
      dropBudget += count;
    },
    async settle(timeoutMs) {
      const until = Date.now() + timeoutMs;
      stopped = true;
      timers.forEach(clearTimeout);
      timers.clear();
      for (const watch of watches) {
        if (!watch.offlineUntil) continue;
        watch.offlineUntil = 0;
        if (!watch.client.connected) watch.client.reconnect();
      }
      while (Date.now() < until && watches.some((w) => !w.client.connected || w.pendingAnswers.size)) await delay(500);
    },
    close: () => {
      closing = true;
      return Promise.all(watches.map((w) => w.client.endAsync(true))).then(() => undefined);
    },
  };
}
