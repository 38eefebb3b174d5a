/**
 * List routes benchmark (issue 12): the local runtime's DynamoDB Local and cognito-local, the demo
 * organisation plus 10,000 users, 10,000 sent notifications, 200 notification templates and 50
 * groups (batch writes). Each list route runs through its real module handler (API Gateway event,
 * bearer token, middy chain, as test/support/call-route.ts calls it) at CONCURRENCY requests in
 * flight, and next to it, in the same round, the route's own DynamoDB Query made raw with the
 * document client (the params ElectroDB builds for the route). Prints p50 and p95 of each, medians
 * over ROUNDS rounds with their spread, and the ratio of the p95s, with a line per route and round
 * as it goes. Figures only; never fails on time. `npm run bench:api` (a few minutes; needs Java for
 * DynamoDB Local). Smaller seeds for a smoke run: BENCH_USERS=300 BENCH_NOTIFICATIONS=300.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Context } from 'aws-lambda';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { machine, median, quantile, spread, table } from './machine.ts';
import { idToken } from '../support/seed-users.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const TEMPLATES = 200;
const GROUPS = 50;
const CONCURRENCY = 50;
/**
 * Requests per route, side and round: three waves of 50. A p95 of 150 latencies is the 143rd; five
 * rounds make the median and spread. 500 took the quiet machine over 15 minutes (the templates
 * route answers 200 items a page, 2.5 s at p50 under this load).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
/** Batch writes in flight per seeded kind; the kinds are seeded at the same time. */
const SEED_CONCURRENCY = 8;
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));

process.env.LOCAL_RUNTIME_QUIET = '1';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const { startLocalRuntime } = await import('../../infra/local/runtime.ts');
const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-api-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(dataDir, 'none'), demo: DEMO_DEFAULTS });
// The functions' modules after the runtime has set their environment (the DynamoDB Local endpoint).
const { apiEvent } = await import('../support/api-event.ts');
const { documentClient } = await import('../../functions/src/platform/db/client.ts');
const { UserProfileEntity } = await import('../../functions/src/platform/tenancy/user-profile.entity.ts');
const { UserSearchTermEntity, searchTermsOf } = await import('../../functions/src/platform/tenancy/user-search-term.entity.ts');
const { UserGroupEntity } = await import('../../functions/src/platform/tenancy/user-group.entity.ts');
const { NotificationEntity } = await import('../../functions/src/notifications/notification.entity.ts');
const { NotificationTemplateKind } = await import('../../functions/src/notifications/notification-template.entity.ts');
const { searchKey } = await import('@portal/shared/text/search-key');

type Handler = (event: unknown, context: Context) => Promise<{ statusCode?: number; body?: string }>;
const handlers: Record<string, Handler> = {
  users: ((await import('../../functions/src/users/handler.ts')) as { handler: Handler }).handler,
  notifications: ((await import('../../functions/src/notifications/handler.ts')) as { handler: Handler }).handler,
};


/** Runs `count` calls with `concurrency` in flight; the latency of each, in ms. */
async function load(count: number, concurrency: number, call: () => Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const start = performance.now();
        await call();
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

try {
  const token = await idToken(runtime.url, DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
  const orgs = (await (await fetch(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ id: string }>;
  const orgId = orgs[0]!.id;
  const call = async (module: string, method: string, path: string, body?: unknown) => {
    const result = await handlers[module]!(apiEvent(method, `/api/organizations/${orgId}${path}`, { token, body }), {} as Context);
    if ((result.statusCode ?? 200) >= 300) throw new Error(`${method} ${path}: ${result.statusCode} ${result.body}`);
    return result.body ? (JSON.parse(result.body) as Record<string, unknown>) : undefined;
  };

  // Seed: batch writes of the same items the repositories write (ElectroDB builds the keys), each
  // kind beside the others.
  let t = performance.now();
  const seeded = async (what: string, write: Promise<unknown>) => {
    await write;
    console.log(`  seeded ${what} at ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const people = Array.from({ length: USERS }, (_, i) => {
    const n = String(i).padStart(5, '0');
    return { orgId, userId: `bench-user-${n}`, email: `bench.${n}@bench.test`, firstname: `Bench${n}`, lastname: `Person${n}`, type: 'normal' as const, accessLevel: 'employee', kind: 'PERSON' as const };
  });
  // One notification and one template through the API, then copies of them.
  const content = { title: { text: 'Till' }, body: { text: 'Who can help?' } };
  const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
  const seedNotifications = async () => {
    const sample = await call('notifications', 'POST', '/notifications', { content, recipient_groups: everyone, config: { send: { date: '2030-06-03', time: '10:00', offset: '+02:00' }, recurring: null } });
    const stored = (await NotificationEntity.get({ orgId, notificationId: sample!.id as string }).go()).data!;
    const base = Date.parse('2026-01-01T00:00:00Z');
    await NotificationEntity.put(
      Array.from({ length: NOTIFICATIONS }, (_, i) => ({ ...stored, notificationId: `bench-notif-${String(i).padStart(5, '0')}`, listState: 'SENT' as const, listAt: new Date(base + i * 60_000).toISOString() })),
    ).go({ concurrency: SEED_CONCURRENCY });
  };
  const seedTemplates = async () => {
    const template = await call('notifications', 'POST', '/notification-templates', { title: 'Till', notification: { content, recipient_groups: everyone } });
    const storedTemplate = (await NotificationTemplateKind.table.get({ orgId, templateId: template!.id as string }).go()).data!;
    await NotificationTemplateKind.table.put(Array.from({ length: TEMPLATES }, (_, i) => ({ ...storedTemplate, templateId: `${template!.id as string}${String(i).padStart(4, '0')}`, title: `Till ${i}` }))).go();
  };
  console.log(`seeding ${USERS} users, ${NOTIFICATIONS} notifications, ${TEMPLATES} templates, ${GROUPS} groups (batch writes, ${SEED_CONCURRENCY} in flight per kind)`);
  await Promise.all([
    seeded(`${USERS} profiles`, UserProfileEntity.put(people.map((p) => ({ ...p, nameKey: searchKey(`${p.lastname} ${p.firstname}`) }))).go({ concurrency: SEED_CONCURRENCY })),
    seeded(`${USERS} users' search terms`, UserSearchTermEntity.put(people.flatMap((p) => searchTermsOf(p))).go({ concurrency: SEED_CONCURRENCY })),
    seeded(
      `${GROUPS} groups`,
      UserGroupEntity.put(
        Array.from({ length: GROUPS }, (_, i) => ({ orgId, groupId: `bench-group-${i}`, name: `Group ${i}`, color: '#1E88E5', type: 'other' as const, rank: `1#${searchKey(`Group ${i}`)}`, nameKey: searchKey(`Group ${i}`) })),
      ).go(),
    ),
    seeded(`${NOTIFICATIONS} notifications`, seedNotifications()),
    seeded(`${TEMPLATES} templates`, seedTemplates()),
  ]);
  console.log(`seeded ${USERS} users, ${NOTIFICATIONS} notifications, ${TEMPLATES} templates, ${GROUPS} groups in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // Each route next to its own Query, with the params ElectroDB builds for it.
  const raw = (params: object) => () => documentClient.send(new QueryCommand(params as ConstructorParameters<typeof QueryCommand>[0]));
  const cases = [
    { name: 'users list', api: () => call('users', 'GET', '/users'), raw: raw(UserProfileEntity.query.byName({ orgId, kind: 'PERSON' }).params({ limit: 50 })) },
    { name: 'user search', api: () => call('users', 'GET', '/users?filter=bench0'), raw: raw(UserSearchTermEntity.query.byTerm({ orgId, kind: 'PERSON' }).begins({ term: 'bench0' }).params({ limit: 50 })) },
    { name: 'groups', api: () => call('users', 'GET', '/user-groups'), raw: raw(UserGroupEntity.query.byRank({ orgId }).params()) },
    { name: 'notifications', api: () => call('notifications', 'GET', '/notifications?tab=sent'), raw: raw(NotificationEntity.query.byList({ orgId, listState: 'SENT' }).params({ limit: 50, order: 'desc' })) },
    { name: 'templates', api: () => call('notifications', 'GET', '/notification-templates'), raw: raw(NotificationTemplateKind.table.query.byId({ orgId }).params({ limit: 200, order: 'desc' })) },
  ];
  // What the API answers is checked once, so a broken route is never measured as a fast one.
  for (const c of cases) {
    const page = (await c.api()) as { items?: unknown[] } | unknown[];
    const items = Array.isArray(page) ? page : page.items ?? [];
    if (items.length === 0) throw new Error(`${c.name} answered no items`);
  }
  // Warm-up: one wave of each (handlers loaded, JIT and DynamoDB Local's caches warm).
  for (const c of cases) await load(CONCURRENCY, CONCURRENCY, c.api).then(() => load(CONCURRENCY, CONCURRENCY, c.raw));
  console.log(`warmed up; ${ROUNDS} rounds of ${REQUESTS} requests per route and side at ${CONCURRENCY} in flight`);

  const figures = new Map(cases.map((c) => [c.name, { apiP50: [] as number[], apiP95: [] as number[], rawP50: [] as number[], rawP95: [] as number[], ratio: [] as number[] }]));
  t = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const f = figures.get(c.name)!;
      const started = performance.now();
      // Alternate which side goes first, so neither always runs right after the other warmed the table.
      let rawLatencies: number[];
      let apiLatencies: number[];
      if (round % 2) {
        apiLatencies = await load(REQUESTS, CONCURRENCY, c.api);
        rawLatencies = await load(REQUESTS, CONCURRENCY, c.raw);
      } else {
        rawLatencies = await load(REQUESTS, CONCURRENCY, c.raw);
        apiLatencies = await load(REQUESTS, CONCURRENCY, c.api);
      }
      console.log(
        `round ${round + 1}/${ROUNDS} ${c.name.padEnd(13)} API p95 ${quantile(apiLatencies, 0.95).toFixed(1)} ms, raw p95 ${quantile(rawLatencies, 0.95).toFixed(1)} ms, ratio ${(quantile(apiLatencies, 0.95) / quantile(rawLatencies, 0.95)).toFixed(2)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      f.rawP50.push(quantile(rawLatencies, 0.5));
      f.rawP95.push(quantile(rawLatencies, 0.95));
      f.apiP50.push(quantile(apiLatencies, 0.5));
      f.apiP95.push(quantile(apiLatencies, 0.95));
      f.ratio.push(quantile(apiLatencies, 0.95) / quantile(rawLatencies, 0.95));
    }
  }
  console.log(
    `\nList routes at ${CONCURRENCY} concurrent requests (${REQUESTS} per route and round), medians of ${ROUNDS} rounds in ${((performance.now() - t) / 1000).toFixed(0)} s; ${machine()}`,
  );
  const ms = (values: number[]) => median(values).toFixed(1);
  console.log(
    table(
      ['route', 'API p50 ms', 'API p95 ms', 'raw p50 ms', 'raw p95 ms', 'p95 ratio', 'ratio spread'],
      cases.map((c) => {
        const f = figures.get(c.name)!;
        return [c.name, ms(f.apiP50), ms(f.apiP95), ms(f.rawP50), ms(f.rawP95), median(f.ratio).toFixed(2), spread(f.ratio, 2)];
      }),
    ),
  );
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
