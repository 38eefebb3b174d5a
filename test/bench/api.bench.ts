/**
 * List routes benchmark (issues 12 and 30): the local runtime's DynamoDB Local and cognito-local, the
 * demo organisation plus 10,000 users, 10,000 sent notifications, 200 notification templates and 50
 * groups (batch writes). Each list route runs through its real module handler (API Gateway event,
 * bearer token, middy chain, as test/support/call-route.ts calls it) at CONCURRENCY requests in
 * flight, and next to it, in the same round and at the same concurrency, two raw baselines made with
 * the bare document client:
 *  - "query": the route's own DynamoDB Query alone (the params ElectroDB builds for the route);
 *  - "query+access": that Query and, in parallel with it, the access rows a secure answer must read
 *    (decision 0046, no staleness): on a route without a feature the caller's membership GetItem (its
 *    roles, as `currentRoles` reads them), on a feature route the membership and the organisation's
 *    `SETTINGS#general` in one BatchGetItem (as `accessRows` reads them). Which of the two a route
 *    reads follows its entry in the route table. Issue 30's aim (at most 1.3 times) is against this one.
 * Prints p50 and p95 of each side, medians over ROUNDS rounds, and the ratio of the route's p95 to
 * each baseline's p95 with its spread, with a line per route and round as it goes, the machine, the
 * commit and the load average before and after. Figures only; never fails on time.
 * The reports case (issue 32, decision 0087): a 90-day actions report over the rollup rows 100,000
 * actions would leave (test/bench/report-rollups.ts, written directly), 20 action templates and 10
 * triggers besides the 50 groups, against the raw Queries it needs: the same five AP95 Queries
 * (ALL and the four tables, every page) with the bare client, in parallel, and with the access rows
 * beside them (the aim, at most 1.5, is against that one). Its requests are larger (about a
 * megabyte a dimension), so it runs fewer at a time (REPORT_CONCURRENCY, REPORT_REQUESTS).
 * `npm run bench:api` (a few minutes; needs Java for DynamoDB Local). Smaller seeds for a smoke run:
 * BENCH_USERS=300 BENCH_NOTIFICATIONS=300 BENCH_REPORT_ACTIONS=10000; BENCH_CASES=report (names,
 * comma-separated) runs only those cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Context } from 'aws-lambda';
import { BatchGetCommand, BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { aim, commit, loadAverage, machine, median, quantile, spread, table } from './machine.ts';
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
/** The reports case: the actions its rollups count, over REPORT_DAYS days, and its load. */
const REPORT_ACTIONS = Number(process.env.BENCH_REPORT_ACTIONS ?? 100_000);
const REPORT_DAYS = 90;
const REPORT_TEMPLATES = 20;
const REPORT_TRIGGERS = 10;
const REPORT_CONCURRENCY = 5;
const REPORT_REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 40);
const ONLY = process.env.BENCH_CASES?.split(',').map((name) => name.trim());

process.env.LOCAL_RUNTIME_QUIET = '1';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const loadBefore = loadAverage();
const { startLocalRuntime } = await import('../../infra/local/runtime.ts');
const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-api-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(dataDir, 'none'), demo: { ...DEMO_DEFAULTS, history: false } });
// The functions' modules after the runtime has set their environment (the DynamoDB Local endpoint).
const { apiEvent } = await import('../support/api-event.ts');
const { documentClient } = await import('../../functions/src/platform/db/client.ts');
const { env } = await import('../../functions/src/platform/config.ts');
const { ROUTES } = await import('@portal/shared/api/route-table');
const { MembershipEntity } = await import('../../functions/src/platform/tenancy/membership.entity.ts');
const { GeneralSettingsEntity } = await import('../../functions/src/platform/tenancy/general-settings.entity.ts');
const { UserProfileEntity } = await import('../../functions/src/platform/tenancy/user-profile.entity.ts');
const { UserSearchTermEntity, searchTermsOf } = await import('../../functions/src/platform/tenancy/user-search-term.entity.ts');
const { UserGroupEntity } = await import('../../functions/src/platform/tenancy/user-group.entity.ts');
const { NotificationEntity } = await import('../../functions/src/notifications/notification.entity.ts');
const { NotificationTemplateKind } = await import('../../functions/src/notifications/notification-template.entity.ts');
const { searchKey } = await import('@portal/shared/text/search-key');
const { ActionTemplateKind } = await import('../../functions/src/actions/action-template.entity.ts');
const { TriggerEntity } = await import('../../functions/src/automation/trigger.entity.ts');
const { rollupKeyOf } = await import('../../functions/src/platform/reports/report-rollup.entity.ts');
const { rollupExpiryOf } = await import('../../functions/src/platform/reports/fact-content.ts');
const { TABLE_DEFINITION } = await import('@portal/shared/db/table');
const { addDays } = await import('@portal/shared/shifts/iso-week');
const { benchActionRollups, storedRollup } = await import('./report-rollups.ts');

type Handler = (event: unknown, context: Context) => Promise<{ statusCode?: number; body?: string }>;
const handlers: Record<string, Handler> = {
  users: ((await import('../../functions/src/users/handler.ts')) as { handler: Handler }).handler,
  notifications: ((await import('../../functions/src/notifications/handler.ts')) as { handler: Handler }).handler,
  actions: ((await import('../../functions/src/actions/handler.ts')) as { handler: Handler }).handler,
  automation: ((await import('../../functions/src/automation/handler.ts')) as { handler: Handler }).handler,
  reports: ((await import('../../functions/src/reports/handler.ts')) as { handler: Handler }).handler,
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
  // The reports case: 20 action templates and 10 triggers (one each through the API, then copies),
  // and the rollup rows of REPORT_ACTIONS actions over the REPORT_DAYS days to yesterday, raw.
  const reportTo = addDays(new Date().toISOString().slice(0, 10), -1);
  const reportFrom = addDays(reportTo, 1 - REPORT_DAYS);
  const reportDates = Array.from({ length: REPORT_DAYS }, (_, i) => addDays(reportFrom, i));
  const actionConfig = { forward_after: 30, response_threshold: { type: 3, number: 2 } };
  const benchIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
  const templateIds = benchIds('bench-atpl-', REPORT_TEMPLATES);
  const triggerIds = benchIds('bench-trigger-', REPORT_TRIGGERS);
  let rollupRows = 0;
  const seedReports = async () => {
    const template = await call('actions', 'POST', '/action-templates', { action: { content, recipient_groups: everyone, config: actionConfig } });
    const storedTemplate = (await ActionTemplateKind.table.get({ orgId, templateId: template!.id as string }).go()).data!;
    await ActionTemplateKind.table.put(templateIds.map((templateId, i) => ({ ...storedTemplate, templateId, title: `Request ${i}` }))).go();
    const trigger = await call('automation', 'POST', '/triggers', { name: 'Bottles', type: 'flic-button', workflows: [{ id: template!.id as string, type: 'action-template' }], metadata: { is_external: false } });
    const storedTrigger = (await TriggerEntity.get({ orgId, triggerId: trigger!.id as string }).go()).data!;
    await TriggerEntity.put(triggerIds.map((triggerId, i) => ({ ...storedTrigger, triggerId, name: `Button ${i}` }))).go();
    const rows = benchActionRollups({ actions: REPORT_ACTIONS, dates: reportDates, templateIds, triggerIds, groupIds: Array.from({ length: GROUPS }, (_, i) => `bench-group-${i}`) });
    rollupRows = rows.length;
    const items = rows.map((row) => storedRollup(rollupKeyOf(orgId, { kind: 'ACTION', ...row }), row, TABLE_DEFINITION.timeToLiveAttribute, rollupExpiryOf(row.date)));
    const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
    let next = 0;
    await Promise.all(
      Array.from({ length: SEED_CONCURRENCY }, async () => {
        while (next < batches.length) {
          let batch = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
          while (batch.length) {
            const { UnprocessedItems } = await documentClient.send(new BatchWriteCommand({ RequestItems: { [env.tableName]: batch } }));
            batch = (UnprocessedItems?.[env.tableName] ?? []) as typeof batch;
          }
        }
      }),
    );
  };
  console.log(`seeding ${USERS} users, ${NOTIFICATIONS} notifications, ${TEMPLATES} templates, ${GROUPS} groups, the rollups of ${REPORT_ACTIONS} actions over ${REPORT_DAYS} days (batch writes, ${SEED_CONCURRENCY} in flight per kind)`);
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
    seeded(`the reports' templates, triggers and rollup rows of ${REPORT_ACTIONS} actions`, seedReports()),
  ]);
  console.log(`  ${rollupRows} ACTION rollup rows, ${reportFrom} to ${reportTo}`);
  console.log(`seeded ${USERS} users, ${NOTIFICATIONS} notifications, ${TEMPLATES} templates, ${GROUPS} groups in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // Each route next to its own Query, with the params ElectroDB builds for it, and next to that
  // Query with the access rows its check reads, both issued at once.
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
  const query = (params: object) => () => documentClient.send(new QueryCommand(params as ConstructorParameters<typeof QueryCommand>[0]));
  // The access rows as authorize reads them (platform/tenancy/access-rows.ts): the membership's roles
  // alone (a GetItem with a projection) on a route without a feature, the membership and the general
  // settings in one BatchGetItem on a feature route.
  const membershipGet = MembershipEntity.get({ orgId, userId }).params({ attributes: ['roles'] }) as ConstructorParameters<typeof GetCommand>[0];
  const accessBatch = {
    RequestItems: {
      [env.tableName]: {
        Keys: [MembershipEntity.get({ orgId, userId }).params().Key as Record<string, string>, GeneralSettingsEntity.get({ orgId }).params().Key as Record<string, string>],
      },
    },
  };
  const accessRead = (withFeature: boolean) => (withFeature ? () => documentClient.send(new BatchGetCommand(accessBatch)) : () => documentClient.send(new GetCommand(membershipGet)));
  const featureOf = (module: string, path: string) => {
    const route = ROUTES.find((r) => r.module === module && r.method === 'GET' && r.path === `/api/organizations/{orgId}${path}`);
    if (!route) throw new Error(`no route GET ${path} in ${module}`);
    return 'feature' in route && Boolean(route.feature);
  };
  const routeCase = (name: string, module: string, path: string, search: string, params: object) => {
    const bare = query(params);
    const withFeature = featureOf(module, path);
    const access = accessRead(withFeature);
    return {
      name,
      access: withFeature ? 'BatchGetItem (membership, settings)' : 'GetItem (membership roles)',
      api: () => call(module, 'GET', `${path}${search}`),
      query: bare,
      secure: () => Promise.all([bare(), access()]),
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      aimAt: 1.3,
    };
  };
  // The report's raw reads: AP95's Query of each dimension, every page (the same key condition as
  // readRollups), the dimensions in parallel; never a Scan.
  const rollupPages = async (dimension: string) => {
    const { pk } = rollupKeyOf(orgId, { kind: 'ACTION', dimension, date: reportFrom, value: '-' });
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ':from': reportFrom, ':to': `${reportTo}$` }, ExclusiveStartKey: start }));
      start = page.LastEvaluatedKey;
    } while (start);
  };
  const reportQueries = () => Promise.all(['ALL', 'TEMPLATE', 'TRIGGER', 'GROUP', 'HOUR'].map(rollupPages));
  const reportAccess = accessRead(featureOf('reports', '/reports/{report}'));
  const reportCase = {
    name: 'report 90 days',
    access: 'BatchGetItem (membership, settings)',
    api: () => call('reports', 'GET', `/reports/actions?from=${reportFrom}&to=${reportTo}`),
    query: reportQueries,
    secure: () => Promise.all([reportQueries(), reportAccess()]),
    concurrency: REPORT_CONCURRENCY,
    requests: REPORT_REQUESTS,
    aimAt: 1.5,
  };
  const cases = [
    routeCase('users list', 'users', '/users', '', UserProfileEntity.query.byName({ orgId, kind: 'PERSON' }).params({ limit: 50 })),
    routeCase('user search', 'users', '/users', '?filter=bench0', UserSearchTermEntity.query.byTerm({ orgId, kind: 'PERSON' }).begins({ term: 'bench0' }).params({ limit: 50 })),
    routeCase('groups', 'users', '/user-groups', '', UserGroupEntity.query.byRank({ orgId }).params()),
    routeCase('notifications', 'notifications', '/notifications', '?tab=sent', NotificationEntity.query.byList({ orgId, listState: 'SENT' }).params({ limit: 50, order: 'desc' })),
    routeCase('templates', 'notifications', '/notification-templates', '', NotificationTemplateKind.table.query.byId({ orgId }).params({ limit: 200, order: 'desc' })),
    reportCase,
  ].filter((c) => !ONLY || ONLY.some((name) => c.name.startsWith(name)));
  // What the API answers is checked once, so a broken route is never measured as a fast one; and the
  // access rows are there, so the baseline reads what the check reads.
  for (const c of cases) {
    if (c === reportCase) continue;
    const page = (await c.api()) as { items?: unknown[] } | unknown[];
    const items = Array.isArray(page) ? page : page.items ?? [];
    if (items.length === 0) throw new Error(`${c.name} answered no items`);
  }
  if (cases.includes(reportCase)) {
    const report = (await reportCase.api()) as unknown as { total: { counters: { n: number; wd: number }; duration_count: number; median_ms: number; p90_ms: number }; days: unknown[]; tables: Array<{ dimension: string; rows: Array<{ name: string | null }> }> };
    const named = report.tables.map((t) => `${t.dimension} ${t.rows.length} rows (${t.rows.filter((r) => r.name !== null).length} named)`).join(', ');
    console.log(`report: ${report.total.counters.n + report.total.counters.wd} actions, ${report.total.duration_count} accepted (median ${report.total.median_ms} ms, p90 ${report.total.p90_ms} ms), ${report.days.length} days; ${named}`);
    if (report.total.counters.n + report.total.counters.wd !== REPORT_ACTIONS || report.days.length !== REPORT_DAYS) throw new Error('the report does not count the seeded actions');
  }
  const membership = await documentClient.send(new GetCommand(membershipGet));
  if (!membership.Item) throw new Error(`no membership row for ${userId} in ${orgId}`);
  const batch = await documentClient.send(new BatchGetCommand(accessBatch));
  console.log(`access rows: membership roles ${JSON.stringify([...(membership.Item.roles as Set<string>)])}; the batch read answers ${batch.Responses?.[env.tableName]?.length ?? 0} of 2 rows`);
  for (const c of cases) console.log(`  ${c.name.padEnd(13)} access rows: ${c.access}`);
  // Warm-up: one wave of each (handlers loaded, JIT and DynamoDB Local's caches warm).
  for (const c of cases) for (const side of [c.api, c.query, c.secure]) await load(c.concurrency, c.concurrency, side);
  console.log(`warmed up; ${ROUNDS} rounds of ${REQUESTS} requests per route and side at ${CONCURRENCY} in flight (the report: ${REPORT_REQUESTS} at ${REPORT_CONCURRENCY})`);

  type Side = 'api' | 'query' | 'secure';
  const sides: Side[] = ['api', 'query', 'secure'];
  const figures = new Map(
    cases.map((c) => [c.name, { p50: { api: [], query: [], secure: [] } as Record<Side, number[]>, p95: { api: [], query: [], secure: [] } as Record<Side, number[]>, vsQuery: [] as number[], vsSecure: [] as number[] }]),
  );
  t = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const f = figures.get(c.name)!;
      const started = performance.now();
      // Rotate which side goes first, so none always runs right after another warmed the table.
      const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
      const latencies = {} as Record<Side, number[]>;
      for (const side of order) latencies[side] = await load(c.requests, c.concurrency, c[side]);
      const p95 = (side: Side) => quantile(latencies[side], 0.95);
      for (const side of sides) {
        f.p50[side].push(quantile(latencies[side], 0.5));
        f.p95[side].push(p95(side));
      }
      f.vsQuery.push(p95('api') / p95('query'));
      f.vsSecure.push(p95('api') / p95('secure'));
      console.log(
        `round ${round + 1}/${ROUNDS} ${c.name.padEnd(13)} API p95 ${p95('api').toFixed(1)} ms, query p95 ${p95('query').toFixed(1)} ms, query+access p95 ${p95('secure').toFixed(1)} ms, ratio ${(p95('api') / p95('query')).toFixed(2)} / ${(p95('api') / p95('secure')).toFixed(2)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  console.log(
    `\nList routes at ${CONCURRENCY} concurrent requests (${REQUESTS} per route, side and round; the report ${REPORT_REQUESTS} at ${REPORT_CONCURRENCY}), medians of ${ROUNDS} rounds in ${((performance.now() - t) / 1000).toFixed(0)} s; ${machine()}; commit ${commit()}; load average ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log('query: the route\'s DynamoDB Query alone (the report: its five rollup Queries, every page, in parallel); query+access: that and the access rows of its check in parallel (the aims, at most 1.3 and for the report 1.5, are against this one)');
  const ms = (values: number[]) => median(values).toFixed(1);
  console.log(
    table(
      ['route', 'API p50', 'API p95', 'query p50', 'query p95', 'q+access p50', 'q+access p95', 'vs query', 'spread', 'vs q+access', 'spread'],
      cases.map((c) => {
        const f = figures.get(c.name)!;
        return [c.name, ms(f.p50.api), ms(f.p95.api), ms(f.p50.query), ms(f.p95.query), ms(f.p50.secure), ms(f.p95.secure), median(f.vsQuery).toFixed(2), spread(f.vsQuery, 2), median(f.vsSecure).toFixed(2), spread(f.vsSecure, 2)];
      }),
    ),
  );
  console.log('(ms; ratios are the route\'s p95 over the baseline\'s p95 in the same round, median and min–max of the rounds)');
  for (const c of cases) {
    const { vsSecure } = figures.get(c.name)!;
    aim(`${c === reportCase ? 'report route' : 'list route'} ${c.name}: p95 over its Queries and access rows at ${c.concurrency} in flight`, `${median(vsSecure).toFixed(2)} (${spread(vsSecure, 2)})`, `at most ${c.aimAt}`, median(vsSecure) <= c.aimAt);
  }
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
