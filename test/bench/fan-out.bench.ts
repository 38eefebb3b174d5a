/**
 * Fan-out benchmark (issue 5): an organisation of 5,000 users, each with a simulated watch
 * subscribed to its inbox; one notification to everyone through the API. Prints the time from the
 * API call to the last watch receiving it, next to the time this harness takes to publish 5,000
 * bare messages on the same broker in the same run, and the ratio. Figures only: it never fails on
 * time. Run with `npm run bench` (about a minute; needs Java for DynamoDB Local).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const CONNECT_CONCURRENCY = 200;

process.env.LOCAL_RUNTIME_QUIET = '1';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const { startLocalRuntime } = await import('../../infra/local/runtime.ts');
const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');
const { inbox: inboxTopic } = (await import('@portal/shared/devices/topics')).topicsFor();

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(dataDir, 'none'), demo: DEMO_DEFAULTS });

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

try {
  const token = await signIn(runtime.url, DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
  const orgs = (await (await fetch(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ id: string }>;
  const orgId = orgs[0]!.id;

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
  const received = new Map<string, number>();
  let expecting: ((topic: string) => void) | undefined;
  const watches: MqttClient[] = [];
  await inBatches(userIds, CONNECT_CONCURRENCY, async (userId) => {
    const watch = await mqtt.connectAsync(runtime.mqttTcpUrl, {
      username: 'portal',
      password: runtime.mqttInternalToken,
      clientId: `portal-watch-${userId}`,
      reconnectPeriod: 0,
    });
    await watch.subscribeAsync(inboxTopic(orgId, userId), { qos: 1 });
    watch.on('message', (topic) => expecting?.(topic));
    watches.push(watch);
  });
  console.log(`connected ${watches.length} watches in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  /** Resolves with the time the last of `count` inboxes received a message. */
  function lastArrival(count: number) {
    received.clear();
    return new Promise<number>((resolve) => {
      expecting = (topic) => {
        received.set(topic, performance.now());
        if (received.size === count) resolve(performance.now());
      };
    });
  }

  // Baseline: the harness publishes 5,000 bare messages (QoS 1) on the same broker.
  const publisher = await mqtt.connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, reconnectPeriod: 0 });
  let done = lastArrival(USERS);
  let start = performance.now();
  await Promise.all(userIds.map((userId) => publisher.publishAsync(inboxTopic(orgId, userId), JSON.stringify({ bare: true }), { qos: 1 })));
  const baselineMs = (await done) - start;

  // Measured: one notification to everyone through the HTTP API.
  done = lastArrival(USERS);
  start = performance.now();
  const response = await fetch(`${runtime.url}/api/organizations/${orgId}/notifications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      content: { title: { text: 'Shop opens early' }, body: { text: 'Doors at 7:30 tomorrow' } },
      recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }],
    }),
  });
  const acceptedMs = performance.now() - start;
  if (!response.ok) throw new Error(`API answered ${response.status}: ${await response.text()}`);
  const created = (await response.json()) as { id: string };
  const fanOutMs = (await Promise.race([done, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`only ${received.size} of ${USERS} received`)), 120_000))])) - start;

  const status = (await (
    await fetch(`${runtime.url}/api/organizations/${orgId}/notifications/${created.id}/status`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { sent_user_ids: string[]; user_ids: string[] };

  console.log('');
  console.log(`recipients                       ${USERS}`);
  console.log(`baseline: 5,000 bare publishes   ${baselineMs.toFixed(0)} ms`);
  console.log(`API send to last watch received  ${fanOutMs.toFixed(0)} ms (API answered after ${acceptedMs.toFixed(0)} ms)`);
  console.log(`ratio                            ${(fanOutMs / baselineMs).toFixed(2)} (aim: at most 1.5)`);
  console.log(`delivered                        ${received.size} of ${USERS}`);
  console.log(`statuses recorded                ${status.sent_user_ids.length} sent of ${status.user_ids.length} recipients`);

  await publisher.endAsync();
  await Promise.all(watches.map((w) => w.endAsync()));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolClientId: string };
  const answer = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  return ((await answer.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}
