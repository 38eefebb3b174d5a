/**
 * Fan-out benchmark (issues 5 and 12): an organisation of 5,000 users, each with a simulated watch
 * subscribed to its inbox; one notification to everyone through the API. Each run measures, in
 * the same process and on the same broker, (a) the harness publishing 5,000 QoS 1 messages, one per
 * inbox, each the size of the real one (the same envelope, made before the clock starts: the
 * baseline is the broker's part alone), and (b) the API send until the last watch has its message
 * (through the delivery queue, in-process here). Runs alternate which goes first; it prints every
 * run, the median and spread (min–max) of each figure and of the ratio over at least five runs
 * (BENCH_RUNS below 5 is raised to 5), the machine, the commit and the load average before and
 * after. Figures only: it never fails on time. `npx tsx test/bench/fan-out.bench.ts` (BENCH_USERS, BENCH_RUNS; needs Java).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { idToken } from '../support/seed-users.ts';
import { aim, commit, loadAverage, machine, median, spread } from './machine.ts';

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const CONNECT_CONCURRENCY = 200;
const TIMEOUT_MS = 120_000;

const loadBefore = loadAverage();
process.env.LOCAL_RUNTIME_QUIET = '1';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const { startLocalRuntime } = await import('../../infra/local/runtime.ts');
const { localDeliveryQueue } = await import('../../infra/local/functions.ts');
const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');
const { inbox: inboxTopic } = (await import('@portal/shared/devices/topics')).topicsFor();

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(dataDir, 'none'), demo: { ...DEMO_DEFAULTS, history: false } });
// The functions' modules after the runtime has set their environment (the DynamoDB Local endpoint).
const { envelopeWriter } = await import('../../functions/src/notifications/delivery.service.ts');
const { messageIdFor } = await import('../../functions/src/platform/delivery/fan-out.ts');
const { newId } = await import('../../functions/src/platform/db/ids.ts');

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const watches: MqttClient[] = [];
let publisher: MqttClient | undefined;
try {
  // An organisation of its own, founded by the demo admin (the demo organisation has seeded staff
  // without watches): everyone is then the 5,000 and the admin.
  const { foundOrganization } = await import('../../functions/src/organizations/organizations.service.ts');
  const { findSignInIdentity } = await import('../../functions/src/platform/identity/cognito-admin.ts');
  const adminId = (await findSignInIdentity(DEMO_DEFAULTS.email))!;
  const orgId = await foundOrganization({ name: 'Bench Fan-out', timeZone: 'Europe/Berlin', owner: { userId: adminId, email: DEMO_DEFAULTS.email, firstname: 'Demo', lastname: 'Admin' } });
  // Signed in after the founding: the ID token names the organisations the admin belongs to then.
  const token = await idToken(runtime.url, DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);

  // 5,000 people in the organisation, written straight to the table (the users API would also
  // create 5,000 Cognito identities, which is not what is measured here).
  const { insertUser } = await import('../../functions/src/users/users.repository.ts');
  const userIds = Array.from({ length: USERS }, (_, i) => `bench-user-${String(i).padStart(5, '0')}`);
  let t = performance.now();
  await inBatches(userIds, 50, (userId) =>
    insertUser({ orgId, userId, email: `${userId}@bench.test`, firstname: 'Bench', lastname: userId, type: 'normal', accessLevel: 'employee' }),
  );
  console.log(`seeded ${USERS} users in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // One simulated watch per user, subscribed to its inbox (the portal's internal credentials:
  // device authorisation is not what is measured).
  t = performance.now();
  const received = new Set<string>();
  let receivedBytes = 0;
  let expecting: ((topic: string, payload: Buffer) => void) | undefined;
  await inBatches(userIds, CONNECT_CONCURRENCY, async (userId) => {
    const watch = await mqtt.connectAsync(runtime.mqttTcpUrl, {
      username: 'portal',
      password: runtime.mqttInternalToken,
      clientId: `portal-watch-${userId}`,
      reconnectPeriod: 0,
    });
    await watch.subscribeAsync(inboxTopic(orgId, userId), { qos: 1 });
    watch.on('message', (topic, payload) => expecting?.(topic, payload));
    watches.push(watch);
  });
  console.log(`connected ${watches.length} watches in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  /** Resolves with the time the last of `count` inboxes received a message. */
  function lastArrival(count: number) {
    received.clear();
    receivedBytes = 0;
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${received.size} of ${count} received`)), TIMEOUT_MS);
      expecting = (topic, payload) => {
        received.add(topic);
        receivedBytes += payload.length;
        if (received.size === count) {
          clearTimeout(timer);
          expecting = undefined;
          resolve(performance.now());
        }
      };
    });
  }

  // The broker takes the portal's own clients under the `portal-` prefix only (decision 0011).
  publisher = await mqtt.connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-bench-${process.pid}`, reconnectPeriod: 0 });
  // What a delivery must do, and no more: a QoS 1 publish of the real message to each inbox. The
  // payloads are the notification's envelope (same texts, a stand-in id of the same shape), made beforehand.
  const title = (run: number) => `Shop opens early ${run}`;
  const body = 'Doors at 7:30 tomorrow';
  function payloadsFor(run: number): Array<[string, string]> {
    const notificationId = newId();
    const sentAt = new Date();
    const write = envelopeWriter({ kind: 'notification', notification_id: notificationId, title: title(run), body, sent_at: sentAt.toISOString() }, sentAt);
    return userIds.map((userId) => [inboxTopic(orgId, userId), write(messageIdFor('notification', notificationId, userId))]);
  }
  async function baseline(run: number): Promise<{ ms: number; bytes: number }> {
    const messages = payloadsFor(run);
    const done = lastArrival(USERS);
    const start = performance.now();
    await Promise.all(messages.map(([topic, payload]) => publisher!.publishAsync(topic, payload, { qos: 1 })));
    return { ms: (await done) - start, bytes: receivedBytes };
  }

  async function apiSend(run: number): Promise<{ ms: number; acceptedMs: number; status: number; sent: number; recipients: number; bytes: number }> {
    const done = lastArrival(USERS);
    const start = performance.now();
    const response = await fetch(`${runtime.url}/api/organizations/${orgId}/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: { title: { text: title(run) }, body: { text: body } },
        recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }],
      }),
    });
    const acceptedMs = performance.now() - start;
    if (!response.ok) throw new Error(`API answered ${response.status}: ${await response.text()}`);
    const created = (await response.json()) as { id: string };
    const ms = (await done) - start;
    const bytes = receivedBytes;
    // The status rows are written after the publishes; the next run starts when they are.
    await localDeliveryQueue().idle();
    const status = (await (
      await fetch(`${runtime.url}/api/organizations/${orgId}/notifications/${created.id}/status`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { sent_user_ids: string[]; user_ids: string[] };
    return { ms, acceptedMs, status: response.status, sent: status.sent_user_ids.length, recipients: status.user_ids.length, bytes };
  }

  // One unmeasured round warms the handlers, the broker and DynamoDB Local's JIT.
  await baseline(0);
  await apiSend(0);

  const rows: Array<{ baseline: number; api: number; ratio: number; accepted: number; status: number; sent: number; recipients: number; baselineBytes: number; apiBytes: number }> = [];
  for (let run = 1; run <= RUNS; run++) {
    // Alternate the order, so neither figure always runs on a machine the other has just warmed.
    let bare: Awaited<ReturnType<typeof baseline>>;
    let sent: Awaited<ReturnType<typeof apiSend>>;
    if (run % 2) {
      bare = await baseline(run);
      sent = await apiSend(run);
    } else {
      sent = await apiSend(run);
      bare = await baseline(run);
    }
    const baselineMs = bare.ms;
    rows.push({ baseline: baselineMs, api: sent.ms, ratio: sent.ms / baselineMs, accepted: sent.acceptedMs, status: sent.status, sent: sent.sent, recipients: sent.recipients, baselineBytes: bare.bytes, apiBytes: sent.bytes });
    console.log(
      `run ${run}: baseline ${baselineMs.toFixed(0)} ms, API send → last watch ${sent.ms.toFixed(0)} ms (answered ${sent.status} after ${sent.acceptedMs.toFixed(0)} ms), ratio ${(sent.ms / baselineMs).toFixed(2)}, statuses ${sent.sent} sent of ${sent.recipients}`,
    );
  }

  console.log('');
  console.log(`machine                          ${machine()}`);
  console.log(`commit                           ${commit()}`);
  console.log(`load average (1, 5, 15 min)      ${loadBefore} before, ${loadAverage()} after (a shared machine's figures are not a quiet one's)`);
  console.log(`recipients                       ${USERS} (+ the demo admin who founded it, who has no watch)`);
  console.log(`runs                             ${RUNS}, median (min–max)`);
  console.log(`baseline: ${USERS} QoS 1 publishes ${median(rows.map((r) => r.baseline)).toFixed(0)} ms (${spread(rows.map((r) => r.baseline), 0)})`);
  console.log(`API send to last watch received  ${median(rows.map((r) => r.api)).toFixed(0)} ms (${spread(rows.map((r) => r.api), 0)})`);
  console.log(`API answered (202) after         ${median(rows.map((r) => r.accepted)).toFixed(0)} ms (${spread(rows.map((r) => r.accepted), 0)})`);
  console.log(`ratio                            ${median(rows.map((r) => r.ratio)).toFixed(2)} (${spread(rows.map((r) => r.ratio), 2)}) (aim: at most 1.3)`);
  const ratios = rows.map((r) => r.ratio);
  aim(`fan-out to ${USERS} watches: API send over raw publishes (median of ${RUNS} runs)`, `${median(ratios).toFixed(2)} (${spread(ratios, 2)})`, 'at most 1.3', median(ratios) <= 1.3);
  console.log(`delivered                        ${USERS} of ${USERS} in every run`);
  const perMessage = (bytes: number[]) => `${(median(bytes) / USERS).toFixed(0)} bytes a message`;
  console.log(`payload received                 baseline ${perMessage(rows.map((r) => r.baselineBytes))}, API send ${perMessage(rows.map((r) => r.apiBytes))}`);
  console.log(`statuses recorded                ${rows.map((r) => `${r.sent}/${r.recipients}`).join(', ')} sent/recipients`);
} finally {
  await publisher?.endAsync();
  await Promise.all(watches.map((w) => w.endAsync()));
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

