/**
 * Shift planner benchmark (issue 15). Starts the local runtime in this process (DynamoDB Local,
 * cognito-local, the broker, the portal serving the production build) with a temporary DATA_DIR.
 *
 * (a) The planner in Chromium: an organisation of 200 staff, a week with one shift each day for
 *     each (1,400 shifts, three activities), loaded and rendered from navigation to the grid showing
 *     every row and every shift, next to the same page on a week with no shifts (the same 200 rows
 *     and 1,400 cells, each with its add button, the same app start and reads): the baseline is the
 *     planner itself, so the ratio is what the shifts cost. Then a scroll through all rows of the
 *     grid, a step a frame, on both weeks: frame intervals and frames over 50 ms.
 * (b) The `shift_activity_type` resolver (functions/src/shifts/public.ts) for an organisation of
 *     5,000 staff, each with a published shift on the day and the day before, at an instant when
 *     2,500 of them are on the activity, next to the DynamoDB requests it makes made raw with the
 *     document client (the params ElectroDB builds: two Queries of the activity's day rows, paged,
 *     and the BatchGets of the members).
 *
 * Runs alternate which side goes first. Prints every run, medians, spreads, ratios and the
 * machine; exits 0. Figures only: it never fails on time. `npm run bench:shifts` (a few minutes;
 * BENCH_RUNS, default 7; BENCH_STAFF, default 200; BENCH_RESOLVER_STAFF, default 5,000; needs Java
 * and Chromium at /usr/bin/chromium).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { machine, median, spread, table } from './machine.ts';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7));
const STAFF = Number(process.env.BENCH_STAFF ?? 200);
const RESOLVER_STAFF = Number(process.env.BENCH_RESOLVER_STAFF ?? 5000);
/** Weeks far from today, so the demo's own planning never meets them; Europe/Berlin is +01:00 then. */
const FULL_WEEK = '2030-W10';
const EMPTY_WEEK = '2030-W11';
const OFFSET = '+01:00';

process.env.LOCAL_RUNTIME_QUIET = '1';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const frontendDist = join(root, 'frontend', 'dist');
const { frontendIsStale, buildFrontend } = await import('../../infra/local/frontend-build.ts');
if (frontendIsStale(root, frontendDist)) {
  console.log('building the frontend (production)...');
  buildFrontend(root);
}

const { startLocalRuntime } = await import('../../infra/local/runtime.ts');
const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-shifts-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist, demo: { ...DEMO_DEFAULTS, history: false } });
// The functions' modules after the runtime has set their environment.
const { findSignInIdentity } = await import('../../functions/src/platform/identity/cognito-admin.ts');
const { foundOrganization } = await import('../../functions/src/organizations/organizations.service.ts');
const { insertUser } = await import('../../functions/src/users/users.repository.ts');
const { createActivityType } = await import('../../functions/src/shifts/activity-types.service.ts');
const { createShift } = await import('../../functions/src/shifts/shifts.service.ts');
const { publishWeek } = await import('../../functions/src/shifts/publish.service.ts');
const { replaceAssignments } = await import('../../functions/src/shifts/shift-assignments.repository.ts');
const { ShiftAssignmentEntity } = await import('../../functions/src/shifts/shift-assignment.entity.ts');
const { MembershipEntity } = await import('../../functions/src/platform/tenancy/membership.entity.ts');
const { registerShiftRecipients } = await import('../../functions/src/shifts/public.ts');
const { recipientResolver } = await import('../../functions/src/platform/recipients/recipient-resolvers.ts');
const { documentClient } = await import('../../functions/src/platform/db/client.ts');
const { BatchGetCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
const { daysOf } = await import('@portal/shared/shifts/iso-week');

async function inBatches<T>(items: readonly T[], size: number, run: (item: T, index: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)));
}
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const ms = (value: number) => value.toFixed(1);

/** An organisation founded by the demo admin, with `count` people written straight through the users repository (no Cognito identities). */
async function organisationOf(name: string, count: number, adminId: string) {
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: { userId: adminId, email: DEMO_DEFAULTS.email, firstname: 'Demo', lastname: 'Admin' } });
  const userIds = Array.from({ length: count }, (_, i) => `bench-staff-${String(i).padStart(5, '0')}`);
  await inBatches(userIds, 50, (userId, i) =>
    insertUser({ orgId, userId, email: `${userId}@bench.test`, firstname: 'Staff', lastname: `Member ${String(i).padStart(5, '0')}`, type: 'normal', accessLevel: 'employee' }),
  );
  const [cashier, bottles, stock] = await Promise.all(
    [['Cashier', '#1E88E5'], ['Bottle return', '#43A047'], ['Stock', '#FB8C00']].map(async ([n, color]) => (await createActivityType(orgId, { name: n!, color: color! }, { userId: 'bench' })).id),
  );
  return { orgId, userIds, cashier: cashier!, bottles: bottles!, stock: stock! };
}

const at = (date: string, time: string) => ({ date, time, offset: OFFSET });

interface Frames {
  frames: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  over50: number;
}
const say = (line = '') => console.log(line);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let exitCode = 0;
try {
  const adminId = (await findSignInIdentity(DEMO_DEFAULTS.email))!;
  say(`Shift planner benchmark (issue 15); machine: ${machine()}; ${RUNS} runs each`);

  // ---- (a) the planner week in Chromium ----
  let t = performance.now();
  const shop = await organisationOf('Bench Planner', STAFF, adminId);
  const days = daysOf(FULL_WEEK);
  const shifts = shop.userIds.flatMap((userId, i) =>
    days.map((date, d) => {
      // Early and late shifts alternating by person and day, each with two activities.
      const early = (i + d) % 2 === 0;
      const [from, middle, to] = early ? ['07:30', '11:00', '14:00'] : ['13:30', '17:00', '20:30'];
      return {
        user_id: userId,
        name: early ? 'Early' : 'Late',
        start: at(date, from),
        end: at(date, to),
        activities: [
          { activity_type_id: early ? shop.stock : shop.cashier, start: at(date, from), end: at(date, middle) },
          { activity_type_id: early ? shop.cashier : shop.bottles, start: at(date, middle), end: at(date, to) },
        ],
      };
    }),
  );
  await inBatches(shifts, 25, (input) => createShift(shop.orgId, input));
  let state = 'drafts';
  try {
    await publishWeek(shop.orgId, FULL_WEEK, adminId);
    state = 'published';
  } catch (error) {
    state = `drafts: publishing the week failed (${(error as Error).name}: ${(error as Error).message})`;
  }
  say(`(a) seeded ${STAFF} staff and ${shifts.length} shifts of ${FULL_WEEK} in ${seconds(t)}; the week is ${state}`);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const signIn = await context.newPage();
  await signIn.goto(`${runtime.url}/signin`);
  await signIn.getByLabel('Email').fill(DEMO_DEFAULTS.email);
  await signIn.getByLabel('Password', { exact: true }).fill(DEMO_DEFAULTS.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  // The demo admin now belongs to several organisations: signed in is leaving /signin (the session is then stored).
  await signIn.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
  await signIn.close();

  /** From navigation start to the frame the grid has every row (staff and admin), every cell and `expectShifts` shift buttons (ms, the page's clock). */
  async function load(week: string, expectShifts: number): Promise<{ ms: number; page: Page }> {
    const page = await context.newPage();
    await page.goto(`${runtime.url}/${shop.orgId}/schedule/${daysOf(week)[2]}/week`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      ({ rows, shiftCount }) => {
        const grid = document.querySelector('[role="grid"]');
        if (!grid) return false;
        const ready = grid.querySelectorAll('th[scope="row"]').length === rows && grid.querySelectorAll('td[role="gridcell"]').length === rows * 7 && grid.querySelectorAll('button[data-shift]').length === shiftCount;
        return ready ? performance.now() : false;
      },
      // The staff and the admin who founded the organisation (a person of it, with no shifts).
      { rows: STAFF + 1, shiftCount: expectShifts },
      { polling: 'raf', timeout: 120_000 },
    );
    return { ms: (await handle.jsonValue()) as number, page };
  }

  /** Scrolls the grid's scroll box from top to bottom, 120 px a frame; the intervals between frames. */
  async function scroll(page: Page): Promise<Frames> {
    // A string: tsx names the functions it compiles (`__name`), which the page does not have.
    const intervals = await page.evaluate<number[]>(`new Promise((done) => {
      const box = document.querySelector('.schedule-grid__scroll') ?? document.scrollingElement;
      box.scrollTop = 0;
      const times = [];
      const step = (now) => {
        times.push(now);
        if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) return done(times.slice(1).map((time, i) => time - times[i]));
        box.scrollTop += 120;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    })`);
    const sorted = [...intervals].sort((a, b) => a - b);
    return {
      frames: intervals.length,
      medianMs: median(intervals),
      p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!,
      maxMs: sorted[sorted.length - 1]!,
      over50: intervals.filter((i) => i > 50).length,
    };
  }

  const sides = [
    { name: 'baseline: the planner on a week with no shifts', week: EMPTY_WEEK, shifts: 0 },
    { name: `measured: the week of ${STAFF} × 7 shifts`, week: FULL_WEEK, shifts: shifts.length },
  ] as const;
  // One unmeasured load of each (the chunks in the HTTP cache, handlers loaded, JIT warm).
  for (const side of sides) await (await load(side.week, side.shifts)).page.close();
  const loads = sides.map(() => [] as number[]);
  const scrolls = sides.map(() => [] as Frames[]);
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? [0, 1] : [1, 0];
    const line: string[] = [];
    for (const s of order) {
      const { ms: loaded, page } = await load(sides[s]!.week, sides[s]!.shifts);
      const frames = await scroll(page);
      await page.close();
      loads[s]!.push(loaded);
      scrolls[s]!.push(frames);
      line.push(`${s === 0 ? 'baseline' : 'measured'} ${ms(loaded)} ms (scroll: ${frames.frames} frames, median ${ms(frames.medianMs)} ms, max ${ms(frames.maxMs)} ms)`);
    }
    say(`run ${run + 1}/${RUNS}: ${line.join('; ')}; ratio ${(loads[1]![run]! / loads[0]![run]!).toFixed(2)}`);
  }
  const ratios = loads[1]!.map((value, i) => value / loads[0]![i]!);
  say();
  say(
    table(
      ['(a) planner, Chromium (1440 × 900)', 'load→rendered ms', 'spread', 'scroll frames', 'frame median ms', 'frame p95 ms', 'frame max ms', 'frames > 50 ms'],
      sides.map((side, s) => {
        const f = scrolls[s]!;
        return [
          side.name,
          ms(median(loads[s]!)),
          spread(loads[s]!),
          median(f.map((x) => x.frames)).toFixed(0),
          ms(median(f.map((x) => x.medianMs))),
          ms(median(f.map((x) => x.p95Ms))),
          ms(median(f.map((x) => x.maxMs))),
          median(f.map((x) => x.over50)).toFixed(0),
        ];
      }),
    ),
  );
  say(`ratio measured / baseline: ${median(ratios).toFixed(2)} (${spread(ratios, 2)})`);
  await context.close();

  // ---- (b) the resolver for 5,000 staff ----
  t = performance.now();
  const chain = await organisationOf('Bench Chain', RESOLVER_STAFF, adminId);
  // Tuesday and Wednesday of one week: every person has a shift each day, four kinds in turn
  // (early till, early bottles, late till, late stock), two activities each.
  const kinds = [
    { from: '07:30', middle: '09:00', to: '14:00', first: chain.stock, second: chain.cashier },
    { from: '08:00', middle: '11:00', to: '14:30', first: chain.cashier, second: chain.bottles },
    { from: '13:30', middle: '17:00', to: '20:30', first: chain.cashier, second: chain.stock },
    { from: '14:00', middle: '17:00', to: '20:00', first: chain.bottles, second: chain.stock },
  ];
  const instant = (date: string, time: string) => new Date(`${date}T${time}:00${OFFSET}`).toISOString();
  const [tuesday, wednesday] = [daysOf(FULL_WEEK)[1]!, daysOf(FULL_WEEK)[2]!];
  const published = [tuesday, wednesday].flatMap((date) =>
    chain.userIds.map((userId, i) => {
      const k = kinds[i % kinds.length]!;
      return {
        shiftId: `bench-${date}-${userId}`,
        userId,
        signature: 'bench',
        name: 'Shift',
        startAt: instant(date, k.from),
        endAt: instant(date, k.to),
        activities: [
          { activityTypeId: k.first, startAt: instant(date, k.from), endAt: instant(date, k.middle) },
          { activityTypeId: k.second, startAt: instant(date, k.middle), endAt: instant(date, k.to) },
        ],
      };
    }),
  );
  // The assignment rows as a publish writes them (its own repository function): one publish of
  // 10,000 shifts would not fit its week row (see the (a) line above), so the rows are written directly.
  await replaceAssignments(chain.orgId, [], published);
  say();
  say(`(b) seeded ${RESOLVER_STAFF} staff and ${published.length} published shifts (${published.length * 2} assignment rows) in ${seconds(t)}`);

  registerShiftRecipients();
  const resolve = recipientResolver('shift_activity_type');
  const when = new Date(instant(wednesday, '10:00'));
  const t10 = when.toISOString();
  const dayOf = (iso: string) => iso.slice(0, 10);
  const queryDays = [dayOf(t10), dayOf(new Date(when.getTime() - 86_400_000).toISOString())];

  async function rawQueryAll(params: Record<string, unknown>) {
    const items: Array<Record<string, unknown>> = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(new QueryCommand({ ...(params as ConstructorParameters<typeof QueryCommand>[0]), ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }
  /** What the resolver asks DynamoDB, made raw: the day rows of the activity, and the members among them. */
  async function raw(): Promise<number> {
    const pages = await Promise.all(queryDays.map((day) => rawQueryAll(ShiftAssignmentEntity.query.byActivityDay({ orgId: chain.orgId, activityTypeId: chain.cashier, day }).params())));
    const userIds = [...new Set(pages.flat().filter((row) => (row.start_at as string) <= t10 && (row.end_at as string) > t10).map((row) => row.user_id as string))];
    const batches = MembershipEntity.get(userIds.map((userId) => ({ orgId: chain.orgId, userId }))).params() as unknown as Array<ConstructorParameters<typeof BatchGetCommand>[0]>;
    const found = await Promise.all(
      batches.map(async (params) => {
        let count = 0;
        let request = params.RequestItems;
        while (request && Object.keys(request).length) {
          const answer = await documentClient.send(new BatchGetCommand({ RequestItems: request }));
          count += Object.values(answer.Responses ?? {}).reduce((sum, rows) => sum + rows.length, 0);
          request = answer.UnprocessedKeys;
        }
        return count;
      }),
    );
    return found.reduce((a, b) => a + b, 0);
  }
  const product = async () => (await resolve(chain.orgId, [chain.cashier], { at: when })).length;

  const expected = chain.userIds.filter((_, i) => i % kinds.length < 2).length;
  // Unmeasured once each; both must find the same people.
  const [first, firstRaw] = [await product(), await raw()];
  if (first !== expected || firstRaw !== expected) throw new Error(`resolved ${first}, raw found ${firstRaw}, expected ${expected}`);
  const resolverMs: number[] = [];
  const rawMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? ['resolver', 'raw'] : ['raw', 'resolver'];
    for (const side of order) {
      const started = performance.now();
      const count = side === 'resolver' ? await product() : await raw();
      const took = performance.now() - started;
      if (count !== expected) throw new Error(`${side} found ${count} of ${expected}`);
      (side === 'resolver' ? resolverMs : rawMs).push(took);
    }
    say(`run ${run + 1}/${RUNS}: resolver ${ms(resolverMs[run]!)} ms, raw ${ms(rawMs[run]!)} ms, ratio ${(resolverMs[run]! / rawMs[run]!).toFixed(2)}`);
  }
  const resolverRatios = resolverMs.map((value, i) => value / rawMs[i]!);
  say();
  say(
    table(
      [`(b) 'Cashier' at ${wednesday} 10:00 (${OFFSET}): ${expected} of ${RESOLVER_STAFF} staff`, 'median ms', 'spread'],
      [
        ['baseline: raw Queries (2 days, paged) + BatchGets of the members', ms(median(rawMs)), spread(rawMs)],
        ['measured: shift_activity_type resolver (shifts/public.ts)', ms(median(resolverMs)), spread(resolverMs)],
      ],
    ),
  );
  say(`ratio resolver / raw: ${median(resolverRatios).toFixed(2)} (${spread(resolverRatios, 2)})`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await browser.close();
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
