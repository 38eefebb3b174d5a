/**
 * Action escalation benchmark (issue 13): an organisation with 500 staff, each with a simulated
 * watch subscribed to its inbox, on the local runtime (DynamoDB Local, aedes, the local scheduler).
 * Each run measures, in the same process and on the same broker:
 * - baseline: the harness publishing 500 bare QoS 1 messages, one per inbox (the fan-out baseline);
 * - escalation: an action to one user (group 0) with everyone as group 1 and the shortest time-out;
 *   from the step's due instant (its stored deadline) until the last of the 500 watches has the
 *   `action` prompt of group 1 (the local scheduler's firing, the escalation's conditional write,
 *   resolving and queueing the group, the delivery);
 * - withdrawal: an Any action to everyone; once every watch has its prompt, one more user accepts
 *   (an `accepted` envelope on their events topic, through the runtime's uplink routing) and the
 *   time until the last of the 500 watches has `action_closed` is taken.
 * Runs alternate which goes first; it prints every run, the median and spread (min–max) of each
 * figure and of its ratio to the baseline, and the machine. Figures only: it never fails on time.
 * `npm run bench:actions` (BENCH_USERS, BENCH_RUNS; needs Java).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { aim, machine, median, spread } from './machine.ts';
import { call, idToken } from '../support/seed-users.ts';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
// Long enough that group 1 is asked well before its own step ends (a step's rows are written before its prompts go out).
const FORWARD_AFTER_SECONDS = 10;
const CONNECT_CONCURRENCY = 100;
const TIMEOUT_MS = 120_000;

process.env.LOCAL_RUNTIME_QUIET ??= '1';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const { startLocalRuntime } = await import('../../infra/local/runtime.ts');
const { localDeliveryQueue } = await import('../../infra/local/functions.ts');
const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');
const { createEnvelope, parseEnvelope, topicsFor } = await import('@portal/shared/devices/topics');
const { inbox: inboxTopic, userEvents: userEventsTopic } = topicsFor();

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-actions-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(dataDir, 'none'), demo: { ...DEMO_DEFAULTS, history: false } });

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const watches: MqttClient[] = [];
let publisher: MqttClient | undefined;
try {
  const token = await idToken(runtime.url, DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(runtime.url, token, method, `/organizations/${orgId}${path}`, body);
  const orgs = (await (await fetch(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ id: string }>;
  const orgId = orgs[0]!.id;

  // The staff with watches, plus one who starts each escalation (group 0) and one who accepts,
  // written straight to the table (no Cognito identities are needed to be asked).
  const { insertUser } = await import('../../functions/src/users/users.repository.ts');
  const userIds = Array.from({ length: USERS }, (_, i) => `bench-staff-${String(i).padStart(4, '0')}`);
  const starter = 'bench-staff-starter';
  const accepter = 'bench-staff-accepter';
  let t = performance.now();
  await inBatches([...userIds, starter, accepter], 50, (userId) =>
    insertUser({ orgId, userId, email: `${userId}@bench.test`, firstname: 'Bench', lastname: userId, type: 'normal', accessLevel: 'employee' }),
  );
  console.log(`seeded ${USERS + 2} users in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await api('PUT', '/settings/actions', { forward_after_options: [FORWARD_AFTER_SECONDS, 30], forward_after_default: 30 });

  // One simulated watch per user, subscribed to its inbox (the portal's internal credentials:
  // device authorisation is not what is measured). Each records the arrival of what it waits for.
  t = performance.now();
  let expecting: { match: (type: string, data: Record<string, unknown>) => boolean; arrived: Set<string>; count: number; done: (at: number) => void } | undefined;
  await inBatches(userIds, CONNECT_CONCURRENCY, async (userId) => {
    const watch = await mqtt.connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-watch-${userId}`, reconnectPeriod: 0 });
    await watch.subscribeAsync(inboxTopic(orgId, userId), { qos: 1 });
    watch.on('message', (topic, payload) => {
      const wait = expecting;
      if (!wait) return;
      const at = Date.now();
      const envelope = parseEnvelope(payload.toString('utf8'));
      if (!envelope || !wait.match(envelope.type, envelope.data)) return;
      wait.arrived.add(topic);
      if (wait.arrived.size === wait.count) {
        expecting = undefined;
        wait.done(at);
      }
    });
    watches.push(watch);
  });
  console.log(`connected ${watches.length} watches in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  /** Resolves with the wall-clock time (ms) at which the last of the watches got a matching message. */
  function lastArrival(what: string, match: (type: string, data: Record<string, unknown>) => boolean) {
    const arrived = new Set<string>();
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what}: only ${arrived.size} of ${USERS} watches received it`)), TIMEOUT_MS);
      expecting = { match, arrived, count: USERS, done: (at) => (clearTimeout(timer), resolve(at)) };
    });
  }

  // The broker takes the portal's own clients under the `portal-` prefix only (decision 0011).
  publisher = await mqtt.connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-bench-${process.pid}`, reconnectPeriod: 0 });

  let round = 0;
  async function baseline(): Promise<number> {
    const mark = `bare-${++round}`;
    const done = lastArrival('the bare publish', (type, data) => type === 'bare' && data.bare === mark);
    // The bytes of an action prompt (same fields and texts), so broker and watches carry what a step
    // carries; made before the clock starts, so the baseline is the broker's part alone.
    const bare = JSON.stringify(
      createEnvelope('bare', { kind: 'action', action_id: '01JN0000000000000000000000', title: 'Till 3, escalation 1', body: '', answers: ['accepted', 'declined'], step: 1, deadline: new Date().toISOString(), sent_at: new Date().toISOString(), bare: mark }, mark),
    );
    const start = Date.now();
    await Promise.all(userIds.map((userId) => publisher!.publishAsync(inboxTopic(orgId, userId), bare, { qos: 1 })));
    return (await done) - start;
  }

  const everyone = [{ id: 'everyone', type: 'everyone' }];
  const sendAction = (title: string, groups: Array<Array<{ id: string; type: string }>>, forwardAfter: number) =>
    api<{ id: string; step_deadline: string }>('POST', '/actions', {
      content: { title: { text: title }, body: { text: '' } },
      recipient_groups: groups.map((recipients, group_number) => ({ group_number, recipients })),
      config: { forward_after: forwardAfter, response_threshold: { type: 1, number: null } },
    });

  /** From the step's due instant to the last watch of group 1 with its prompt. */
  async function escalation(run: number): Promise<number> {
    // Matched by title: the watches may have a prompt before the send's answer names its id.
    const title = `Till 3, escalation ${run}`;
    const done = lastArrival("group 1's prompt", (type, data) => type === 'action' && data.title === title);
    const action = await sendAction(title, [[{ id: starter, type: 'user' }], everyone], FORWARD_AFTER_SECONDS);
    const ms = (await done) - Date.parse(action.step_deadline);
    await localDeliveryQueue().idle();
    if (process.env.BENCH_VERBOSE) console.log(`escalation ${run}: group 1 asked after ${ms} ms`);
    // Closed now (unmeasured) if its last step has not expired yet, so no withdrawal lands in a later measurement.
    const { state } = await api<{ state: string }>('GET', `/actions/${action.id}`);
    if (state === 'open') await acceptAndWithdraw(action.id).catch(() => undefined);
    await localDeliveryQueue().idle();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return ms;
  }

  /** The accepter accepts; resolves with the time from the publish to the last watch told `action_closed`. */
  async function acceptAndWithdraw(actionId: string): Promise<number> {
    const done = lastArrival('the withdrawal', (type, data) => type === 'action_closed' && data.action_id === actionId);
    const start = Date.now();
    const accept = createEnvelope('accepted', { kind: 'action', action_id: actionId, at: new Date().toISOString() }, `bench-accept-${actionId}`);
    await publisher!.publishAsync(userEventsTopic(orgId, accepter), JSON.stringify(accept), { qos: 1 });
    return (await done) - start;
  }

  /** From the accept's publish to the last of the other watches told `covered`. */
  async function withdrawal(run: number): Promise<number> {
    const title = `Bottle return ${run}`;
    const prompted = lastArrival('the prompt', (type, data) => type === 'action' && data.title === title);
    const action = await sendAction(title, [everyone], 30);
    await prompted;
    await localDeliveryQueue().idle();
    if (process.env.BENCH_VERBOSE) console.log(`withdrawal ${run}: every watch has the prompt`);
    return acceptAndWithdraw(action.id);
  }

  // One unmeasured round warms the handlers, the broker and DynamoDB Local's JIT.
  await baseline();
  await withdrawal(0);
  console.log('warmed up');

  const rows: Array<{ baseline: number; escalation: number; withdrawal: number }> = [];
  for (let run = 1; run <= RUNS; run++) {
    // Alternate the order, so neither figure always runs on a machine the other has just warmed.
    const row = { baseline: 0, escalation: 0, withdrawal: 0 };
    if (run % 2) {
      row.baseline = await baseline();
      row.escalation = await escalation(run);
      row.withdrawal = await withdrawal(run);
    } else {
      row.withdrawal = await withdrawal(run);
      row.escalation = await escalation(run);
      row.baseline = await baseline();
    }
    rows.push(row);
    console.log(
      `run ${run}: baseline ${row.baseline} ms, due → last watch of group 1 ${row.escalation} ms (${(row.escalation / row.baseline).toFixed(2)}×), accept → last withdrawal ${row.withdrawal} ms (${(row.withdrawal / row.baseline).toFixed(2)}×)`,
    );
  }

  const figure = (values: number[]) => `${median(values).toFixed(0)} ms (${spread(values, 0)})`;
  const ratio = (values: number[]) => `${median(values).toFixed(2)} (${spread(values, 2)})`;
  console.log('');
  console.log(`machine                                  ${machine()}`);
  console.log(`watches                                  ${USERS} (the escalation's group 1 and the withdrawal's unanswered)`);
  console.log(`time-out                                 ${FORWARD_AFTER_SECONDS} s (local scheduler)`);
  console.log(`runs                                     ${RUNS}, median (min–max)`);
  console.log(`baseline: ${USERS} bare publishes           ${figure(rows.map((r) => r.baseline))}`);
  console.log(`time-out due → last watch of next group  ${figure(rows.map((r) => r.escalation))} (aim: at most 1000 ms)`);
  console.log(`  ratio to baseline                      ${ratio(rows.map((r) => r.escalation / r.baseline))}`);
  console.log(`accept → last watch withdrawn (covered)  ${figure(rows.map((r) => r.withdrawal))}`);
  console.log(`  ratio to baseline                      ${ratio(rows.map((r) => r.withdrawal / r.baseline))}`);
  const escalations = rows.map((r) => r.escalation);
  aim('action escalation: time-out due → last watch of the next group', figure(escalations), 'at most 1000 ms', median(escalations) <= 1000);
} finally {
  await publisher?.endAsync();
  await Promise.all(watches.map((w) => w.endAsync()));
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
