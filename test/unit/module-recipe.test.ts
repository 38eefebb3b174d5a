import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULES, routesOf, type ModuleName } from '@portal/shared/api/route-table';
import type { ModuleDeclaration } from '@portal/shared/api/module-declaration';
import { MODULE_DECLARATIONS } from '@portal/shared/api/modules';
import { FEATURE_KEYS, FEATURE_ROUTES, FEATURES, type FeatureKey } from '@portal/shared/tenancy/features';
import appDe from '../../frontend/src/app/locales/de.json';
import appEn from '../../frontend/src/app/locales/en.json';
import { orgPaths } from '../../frontend/src/lib/paths.ts';
import { DELIVERY_MODULES, FUNCTION_NEEDS } from '../../infra/aws/function-needs.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { orgWalk, SAMPLE_WALK_IDS } from '../support/accessibility-walk.ts';

/**
 * docs/adding-a-module.md as a test (issue 29): it walks the module table (MODULES and the route
 * rows of shared/src/api/route-table.ts) and the feature flags (FEATURE_KEYS), and fails, naming
 * the module and the file to change, when a feature module lacks a piece of the recipe. A piece
 * another test proves in depth is only looked up here, with that test named:
 * - the adapters each Lambda entry registers: test/infra/bundles.test.ts, against FUNCTION_NEEDS;
 * - German strings complete: frontend/src/lib/i18n-resources.test.ts (same keys in every language,
 *   every feature folder's locales found by themselves);
 * - each key of each entity in docs/data-model.md §2: functions/src/platform/db/key-convention.test.ts;
 * - every route of the path table opened by the accessibility walk: test/unit/accessibility-walk.test.ts.
 * A module that lacks a piece on purpose is in the piece's list below, with the reason; a list
 * naming a module that has the piece fails too, so the lists stay true.
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const filesOf = (dir: string) => (existsSync(join(REPO_ROOT, dir)) ? readdirSync(join(REPO_ROOT, dir)) : []);

/** The modules with no feature flag: the shell, setup and platform, outside the recipe's walk. */
const NOT_FEATURE_MODULES: Partial<Record<ModuleName, string>> = {
  organizations: 'the organisation itself: sign-up, the chooser, membership (spec 001)',
  identity: 'sign-in and the token trigger, before any organisation',
  settings: 'the settings pages of setup (general, watch, tablet); each module keeps its own section',
  users: 'setup: users, groups and access levels (spec 001), for managers, no flag',
  devices: 'setup: watches and tablets (spec 001), for managers, no flag',
  'client-errors': "the browser's error reports (decision 0018), no page",
  audit: "the superadmins' audit trail (issue 32, decision 0086): a tab under /settings, no flag",
};

/** Feature modules whose page is not a list with a first read (decision 0047). */
const NO_LIST_PREFETCH: Partial<Record<ModuleName, string>> = {
  dashboard: 'its page reads one query per chosen panel (decisions 0036, 0037), not one list',
  shifts: "its page is the week grid of the date in the path (decision 0032), read by the grid's own week query",
  automation: '/automation redirects to its triggers and trigger groups tabs, each a short unpaged list (decision 0041)',
};

/** Feature modules with no tab under /settings (spec 001 §2: general, shift planner, tasks, actions, automation, watch, tablet). */
const NO_SETTINGS_TAB: Partial<Record<ModuleName, string>> = {
  notifications: 'spec 001 §2 has no notifications settings page',
  dashboard: "its settings are the chosen panels, edited on the dashboard's own Edit panels card (decision 0037)",
  reports: 'nothing to set: a report reads what the modules record (decision 0087)',
};

/** Feature modules the demo (infra/local/seed.ts) seeds nothing of their own for. */
const NO_SEED: Partial<Record<ModuleName, string>> = {
  dashboard: "its panels show the other modules' seeded items; a new organisation's default panels need no row",
};

/** Feature modules whose demo data has a seed file named otherwise than `seed-<module>.ts`. */
const SEED_FILES: Partial<Record<ModuleName, { file: string; why: string }>> = {
  reports: { file: 'seed-history.ts', why: "four weeks of the other modules' items as facts, by their own mappings (decision 0087)" },
};

/** Feature modules whose device takes no events of theirs (no row of the uplink table, decision 0074). */
const NO_UPLINK: Partial<Record<ModuleName, string>> = {
  shifts: 'the watch shows the week read-only; nothing on a device answers a shift',
  dashboard: "its panels show the other modules' items; a device answers those modules",
  reports: "its figures are the other modules' items; a device answers those modules",
};

/** Feature modules that schedule nothing (no scheduled job, decision 0074). */
const NO_SCHEDULED_JOBS: Partial<Record<ModuleName, string>> = {
  shifts: 'a shift is a row of the week grid; nothing fires at its start or end',
  dashboard: 'its panels are read when the page is open',
  automation: 'a trigger fires on a button press or a webhook, not at a time',
  reports: 'the modules refresh their facts as their items change (decision 0087); a report is read when asked',
};

/** Feature modules with no entity of their own (docs/data-model.md §2). */
const NO_ENTITIES: Partial<Record<ModuleName, string>> = {
  reports: "it reads the reports kit's facts and rollups (functions/src/platform/reports/, §3.12), which the modules write",
};

/** The feature flag a module's organisation routes are gated by (their `feature`), if any. */
function flagOf(module: ModuleName): FeatureKey | undefined {
  const flags = [...new Set(routesOf(module).flatMap((route) => (route.feature ? [route.feature] : [])))];
  if (flags.length > 1) throw new Error(`${module}: its routes in shared/src/api/route-table.ts are gated by more than one flag (${flags.join(', ')})`);
  return flags[0];
}

const FEATURE_MODULES = MODULES.filter((module) => flagOf(module) !== undefined);

/**
 * The demo seed's parts: the files infra/local/seed.ts loads to seed (`import('./seed-….ts')`), and
 * those they load in turn (seed-live-day.ts's parts). Static imports are for constants, not seeding.
 */
function seedFiles(): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const [, loaded] of read(`infra/local/${file}`).matchAll(/import\('\.\/(seed-[a-z-]+\.ts)'\)/g)) visit(loaded!);
  };
  visit('seed.ts');
  return found;
}

/** The names of the entities declared in a module's `*.entity.ts` files (a template kind's is `<kind>Template`). */
function entityNames(module: ModuleName): string[] {
  return filesOf(`functions/src/${module}`)
    .filter((file) => file.endsWith('.entity.ts'))
    .flatMap((file) => {
      const source = read(`functions/src/${module}/${file}`);
      return [...source.matchAll(/entity: '(\w+)'/g)].map(([, name]) => name!).concat([...source.matchAll(/messageTemplateKind\('(\w+)'/g)].map(([, kind]) => `${kind}Template`));
    });
}

/**
 * The module's declaration (`frontend/src/features/<module>/routes/<module>.module.ts`, decision 0075) when
 * it declares the flag and the module's strings (`name`, or none where the module is named as its
 * flag): frontend/src/app/org-routes.tsx mounts every declaration app/feature-modules.ts finds,
 * behind its flag with its strings (`gated(flag, withStrings(name ?? flag, ...))`).
 */
const orgRoutes = read('frontend/src/app/org-routes.tsx');
const declarationOf = (module: ModuleName) => `frontend/src/features/${module}/routes/${module}.module.ts`;
const mountOf = (module: ModuleName, flag: FeatureKey) => {
  if (!orgRoutes.includes('...FEATURE_MODULES.flatMap(mounted)') || !existsSync(join(REPO_ROOT, declarationOf(module)))) return undefined;
  const declaration = read(declarationOf(module));
  const named = declaration.includes(`name: '${module}'`) || (module === flag && !/\bname: /.test(declaration));
  return declaration.includes(`flag: '${flag}'`) && named ? declaration : undefined;
};

/**
 * The watch's table of message kinds and the modules' settings tabs as the app assembles them,
 * imported by path: the test project type-checks no JSX (nor Vite's `import.meta.glob`).
 */
let messageKinds: Record<string, unknown> = {};
let moduleSettingsTabs: ReadonlyArray<{ feature?: FeatureKey | undefined }> = [];
beforeAll(async () => {
  ({ MESSAGE_KINDS: messageKinds } = (await import(join(REPO_ROOT, 'frontend/src/watch/message-kinds.tsx'))) as { MESSAGE_KINDS: Record<string, unknown> });
  ({ MODULE_SETTINGS_TABS: moduleSettingsTabs } = (await import(join(REPO_ROOT, 'frontend/src/app/feature-modules.ts'))) as { MODULE_SETTINGS_TABS: typeof moduleSettingsTabs });
}, 60_000);

describe('the module table', () => {
  it('holds feature modules and named others only', () => {
    const unnamed = MODULES.filter((module) => !FEATURE_MODULES.includes(module) && !NOT_FEATURE_MODULES[module]);
    expect(unnamed, 'a module with no feature flag on its routes: gate its routes (docs/adding-a-module.md step 3) or name it in NOT_FEATURE_MODULES with the reason').toEqual([]);
    expect(FEATURE_MODULES.filter((module) => NOT_FEATURE_MODULES[module]), 'NOT_FEATURE_MODULES names a feature module').toEqual([]);
  });

  it.each(FEATURE_KEYS)('gives the feature flag %s to one module', (flag) => {
    expect(FEATURE_MODULES.filter((module) => flagOf(module) === flag), `flag ${flag} (shared/src/tenancy/features.ts): the modules whose routes it gates`).toHaveLength(1);
  });

  it('names each sending module a feature module', () => {
    expect(DELIVERY_MODULES.filter((module) => !FEATURE_MODULES.includes(module))).toEqual([]);
  });

  it('names only feature modules in the exception lists', () => {
    for (const list of [NO_LIST_PREFETCH, NO_SETTINGS_TAB, NO_SEED, SEED_FILES, NO_UPLINK, NO_SCHEDULED_JOBS, NO_ENTITIES]) expect(Object.keys(list).filter((module) => !FEATURE_MODULES.includes(module as ModuleName)), 'an exception list names a module that is no feature module').toEqual([]);
  });
});

describe.each(FEATURE_MODULES)('the %s module has every piece of docs/adding-a-module.md', (module) => {
  const flag = flagOf(module)!;
  const route = FEATURE_ROUTES[flag];

  it('routes: its rows in the route table and a handler registering them', () => {
    expect(routesOf(module).length, `${module}: no routes in shared/src/api/route-table.ts nor in shared/src/${module}/module.ts`).toBeGreaterThan(0);
    const handler = `functions/src/${module}/handler.ts`;
    expect(existsSync(join(REPO_ROOT, handler)), `${module}: ${handler} is missing`).toBe(true);
    expect(read(handler), `${module}: ${handler} does not call createModuleHandler('${module}', ...)`).toContain(`createModuleHandler('${module}'`);
  });

  it('backend rows: its uplink rows and scheduled jobs declared in shared/src/<module>/module.ts (decision 0074)', () => {
    // Its routes are checked above (routesOf); the route table also keeps rows of modules without a declaration.
    const file = `shared/src/${module}/module.ts`;
    const declaration = (MODULE_DECLARATIONS as readonly ModuleDeclaration[]).find((candidate) => candidate.module === module);
    const pieces = [
      ['uplink', 'uplink row', NO_UPLINK],
      ['scheduledJobs', 'scheduled job', NO_SCHEDULED_JOBS],
    ] as const;
    for (const [key, piece, exceptions] of pieces) {
      const rows = declaration?.[key] ?? [];
      if (exceptions[module]) {
        expect(rows, `${module} declares a ${piece}: remove it from ${key === 'uplink' ? 'NO_UPLINK' : 'NO_SCHEDULED_JOBS'}`).toHaveLength(0);
        continue;
      }
      expect(rows.length, `${module}: no ${piece} in ${file} (its \`${key}\`), or the declaration is not in MODULE_DECLARATIONS (shared/src/api/modules.ts); nor is it in ${key === 'uplink' ? 'NO_UPLINK' : 'NO_SCHEDULED_JOBS'}`).toBeGreaterThan(0);
      expect(rows.filter((row) => row.module !== module), `${module}: ${file} declares rows of another module`).toEqual([]);
      expect(existsSync(join(REPO_ROOT, file)), `${module}: its declaration is not ${file}`).toBe(true);
    }
  });

  it('area and flag: one page under the module name at the flag\u2019s route, mounted behind the flag with the module\u2019s strings', () => {
    expect((orgPaths as Record<string, string>)[module], `${module}: orgPaths.${module} (frontend/src/lib/paths.ts) must be FEATURE_ROUTES.${flag} (shared/src/tenancy/features.ts)`).toBe(route);
    expect(mountOf(module, flag), `${module}: ${declarationOf(module)} does not declare flag '${flag}' and its strings '${module}' (or org-routes.tsx mounts no declaration)`).toBeDefined();
    expect(FEATURES[flag].roles, `${module}: FEATURES.${flag} (shared/src/tenancy/features.ts) names no role that uses its area`).not.toHaveLength(0);
  });

  it('sidebar: its entry is named in English and German', () => {
    // The app's strings as loaded: with each feature's part of them (frontend/build/locale-parts.ts).
    for (const [language, locale] of [['en', appEn], ['de', appDe]] as const) {
      expect((locale.nav as Record<string, string>)[flag], `${module}: no nav.${flag} under "@app" in frontend/src/features/${module}/locales/${language}.json`).toBeTruthy();
    }
  });

  it('settings: a tab under /settings that follows its flag', () => {
    const tab = moduleSettingsTabs.some((candidate) => candidate.feature === flag);
    if (NO_SETTINGS_TAB[module]) expect(tab, `${module} has a settings tab: remove it from NO_SETTINGS_TAB`).toBe(false);
    else expect(tab, `${module}: ${declarationOf(module)} declares no \`settings\` tab (lib/feature-module.ts ModuleSettingsTab), nor is it in NO_SETTINGS_TAB`).toBe(true);
  });

  it('Lambda: its row in FUNCTION_NEEDS, and a delivery function for a sending module (adapters: test/infra/bundles.test.ts)', () => {
    expect(Object.hasOwn(FUNCTION_NEEDS, module), `${module}: no row in FUNCTION_NEEDS (infra/aws/function-needs.ts)`).toBe(true);
    if (!(DELIVERY_MODULES as readonly string[]).includes(module)) return;
    const delivery = (FUNCTION_NEEDS as Record<string, { consumes?: string; publishes?: string }>)[`${module}Delivery`];
    expect(delivery, `${module}: no ${module}Delivery row in FUNCTION_NEEDS consuming its queue and publishing to the inbox`).toMatchObject({ consumes: module, publishes: 'inbox' });
    expect(read(`functions/src/${module}/delivery.handler.ts`), `${module}: functions/src/${module}/delivery.handler.ts registers no delivery kind`).toContain('registerDeliveryKind(');
  });

  it('watch: a row of MESSAGE_KINDS for each kind a sending module sends', () => {
    if (!(DELIVERY_MODULES as readonly string[]).includes(module)) return;
    const kinds = filesOf(`functions/src/${module}`)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => [...read(`functions/src/${module}/${file}`).matchAll(/export const [A-Z_]+_KIND = '([a-z_]+)'/g)].map(([, kind]) => kind!));
    expect(kinds, `${module}: no export const <NAME>_KIND = '<kind>' in functions/src/${module}`).not.toHaveLength(0);
    for (const kind of kinds) expect(Object.hasOwn(messageKinds, kind), `${module}: kind '${kind}' has no row in MESSAGE_KINDS (frontend/src/watch/message-kinds.tsx)`).toBe(true);
  });

  it('e2e walks: its page in the accessibility walk and in the screenshots', () => {
    const stop = orgWalk(SAMPLE_WALK_IDS).find((candidate) => candidate.name === `orgPaths.${module}`);
    expect(stop?.url, `${module}: the accessibility walk (test/support/accessibility-walk.ts) does not open orgPaths.${module}`).toBe(`/${SAMPLE_WALK_IDS.orgId}${route}`);
    expect(read('test/support/screenshots.ts'), `${module}: no page at ${route} in PAGES of test/support/screenshots.ts`).toMatch(new RegExp(`route: '${route}[/?']`));
  });

  it('German: its feature folder has English and German strings (complete: frontend/src/lib/i18n-resources.test.ts)', () => {
    for (const language of ['en', 'de']) {
      const file = `frontend/src/features/${module}/locales/${language}.json`;
      expect(existsSync(join(REPO_ROOT, file)), `${module}: ${file} is missing`).toBe(true);
    }
  });

  it('data model: its entities named in docs/data-model.md §2 (their keys: functions/src/platform/db/key-convention.test.ts)', () => {
    const dataModel = read('docs/data-model.md');
    const overview = dataModel.slice(dataModel.indexOf('## 2. Key overview'), dataModel.indexOf('## 3.'));
    const names = entityNames(module);
    if (NO_ENTITIES[module]) {
      expect(names, `${module} has entities: remove it from NO_ENTITIES`).toHaveLength(0);
      return;
    }
    expect(names, `${module}: no *.entity.ts in functions/src/${module}, nor is it in NO_ENTITIES`).not.toHaveLength(0);
    expect(names.filter((name) => !overview.includes(`\`${name}\``)), `${module}: entities missing from docs/data-model.md §2`).toEqual([]);
  });

  it('prefetch: its list page names its first read (RoutePrefetch) and the cold-load walk counts it', () => {
    const prefetched = mountOf(module, flag)?.includes('prefetch: ') ?? false;
    if (NO_LIST_PREFETCH[module]) {
      expect(prefetched, `${module} is prefetched: remove it from NO_LIST_PREFETCH`).toBe(false);
      return;
    }
    expect(prefetched, `${module}: ${declarationOf(module)} declares no prefetch: <RoutePrefetch>, nor is it in NO_LIST_PREFETCH`).toBe(true);
    expect(read('test/e2e/access.e2e.test.ts'), `${module}: no { path: '${route}', empty: ... } in the cold-load walk of test/e2e/access.e2e.test.ts`).toContain(`{ path: '${route}', empty: `);
  });

  it('seed: the demo seeds its data (infra/local/seed.ts and the files it imports)', () => {
    const seeded = [`seed-${module}.ts`, `seed-live-${module}.ts`, ...(SEED_FILES[module] ? [SEED_FILES[module].file] : [])].some((file) => seedFiles().has(file));
    if (NO_SEED[module]) expect(seeded, `${module} is seeded: remove it from NO_SEED`).toBe(false);
    else expect(seeded, `${module}: no infra/local/seed-${module}.ts or seed-live-${module}.ts reached from infra/local/seed.ts, nor is it in NO_SEED`).toBe(true);
  });
});

/**
 * The recipe's count (issue 29): the files a sending module is, and the files outside its folders
 * the recipe has it named in. Tests are not counted: a module has as many as its behaviour needs.
 * Its own: every other file under `shared/src/<module>`, `functions/src/<module>` and
 * `frontend/src/features/<module>`. Outside: each place below that names it (each place checks
 * that it does, so the count is what the tree holds). The aim is at most 40 in all and 10
 * outside; CEILINGS hold each module to what it needs today (lower them as a change brings it down).
 */
const SENDING_MODULES = ['notifications', 'actions', 'tasks', 'shifts'] as const satisfies readonly ModuleName[];
type SendingModule = (typeof SENDING_MODULES)[number];

const CEILINGS: Record<SendingModule, { own: number; outside: number }> = {
  // +3 for reports (decision 0087): the fact (report-fact.ts), its refresh (report-refresh.ts) and the
  // reads' fold claim the uplink bundles without the refresh (report-fold.ts); +1 its public way in
  // (public.ts), the templates' titles the notifications report names.
  notifications: { own: 48, outside: 10 },
  // +2 for reports (decision 0087): the action's fact (report-fact.ts) and its refresh (report-refresh.ts);
  // +1 for the automation report: the accept's signal automation listens to (action-signals.ts).
  // -4 for the settings sections (decision 0093): the section is declared beside its entity (no
  // repository, no service) and its tab's route holds its fields (no route file, no api file).
  // -1 outside: its settings tab is declared with its mount, not a row of the settings feature (decision 0094).
  actions: { own: 61, outside: 12 },
  // +2 for reports (decision 0087): the task's facts (report-fact.ts) and their refresh (report-refresh.ts).
  // -4 for the settings sections (decision 0093), -1 outside for its declared settings tab (0094), as actions.
  tasks: { own: 68, outside: 12 },
  // -1 outside for its declared settings tab (decision 0094).
  shifts: { own: 55, outside: 11 },
};

const hasKey = (path: string, key: string) => Object.hasOwn(JSON.parse(read(path)) as Record<string, unknown>, key);
const jsonAt = (path: string, ...keys: string[]) => keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], JSON.parse(read(path)));
const camel = (module: string) => module.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const names = (path: string, pattern: RegExp) => pattern.test(read(path));

/** The places outside a module's folders that the recipe's steps name, and how each names a module. */
const RECIPE_PLACES: ReadonlyArray<readonly [path: string, namesModule: (module: ModuleName, flag: FeatureKey) => boolean]> = [
  ['docs/data-model.md', (module) => entityNames(module).length > 0],
  ['docs/architecture.md', (module) => names('docs/architecture.md', new RegExp(`\`${module}\``))],
  // A module's route rows are in the table, or in its declaration (decision 0074), which the table takes.
  ['shared/src/api/route-table.ts', (module) => names('shared/src/api/route-table.ts', new RegExp(`orgRoutes\\('${module}'`))],
  // The assembler imports each declaration (shared/src/<module>/module.ts): one place for the rows it folded.
  ['shared/src/api/modules.ts', (module) => names('shared/src/api/modules.ts', new RegExp(`'\\.\\./${module}/module\\.ts'`))],
  // MODULES reads a declaring module's name off its declaration; it counts for a module listed here by hand.
  ['shared/src/api/module-names.ts', (module) => names('shared/src/api/module-names.ts', new RegExp(`'${module}'`))],
  // Derived from the declarations now (decision 0074): they count only for a row written here again.
  ['shared/src/api/uplink-table.ts', (module) => names('shared/src/api/uplink-table.ts', new RegExp(`'${module}'`))],
  ['shared/src/api/scheduled-jobs.ts', (module) => names('shared/src/api/scheduled-jobs.ts', new RegExp(`module: '${module}'`))],
  ['shared/src/tenancy/features.ts', (_, flag) => names('shared/src/tenancy/features.ts', new RegExp(`\\b${flag}:`))],
  ['infra/aws/function-needs.ts', (module) => names('infra/aws/function-needs.ts', new RegExp(`^\\s*'?${module}'?:`, 'm'))],
  ['infra/local/seed.ts', (module) => names('infra/local/seed.ts', new RegExp(`seed-${module}\\.ts`))],
  ['infra/local/seed-live-day.ts', (module) => names('infra/local/seed-live-day.ts', new RegExp(`seed-live-${module}\\.ts`))],
  ...(['en', 'de'] as const).flatMap((language) => [
    [`frontend/src/app/server-errors/locales/${language}.json`, (module: ModuleName) => hasKey(`frontend/src/app/server-errors/locales/${language}.json`, camel(module))] as const,
    [`frontend/src/app/locales/${language}.json`, (_: ModuleName, flag: FeatureKey) => jsonAt(`frontend/src/app/locales/${language}.json`, 'nav', flag) !== undefined] as const,
    [`frontend/src/features/settings/locales/${language}.json`, (_: ModuleName, flag: FeatureKey) => jsonAt(`frontend/src/features/settings/locales/${language}.json`, 'features', flag) !== undefined] as const,
  ]),
  ['frontend/src/app/shell/sidebar.tsx', (_, flag) => names('frontend/src/app/shell/sidebar.tsx', new RegExp(`\\b${flag}:`))],
  ['frontend/src/app/org-routes.tsx', (module) => names('frontend/src/app/org-routes.tsx', new RegExp(`withStrings\\('${module}'`))],
  ['frontend/src/lib/paths.ts', (module) => names('frontend/src/lib/paths.ts', new RegExp(`^\\s*${module}:`, 'm'))],
  ['frontend/src/watch/message-kinds.tsx', (module) => watchKindsOf(module).some((kind) => Object.hasOwn(messageKinds, kind))],
];

/** The message kinds a module's delivery sends (`export const <NAME>_KIND = '<kind>'`). */
function watchKindsOf(module: ModuleName): string[] {
  return filesOf(`functions/src/${module}`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [...read(`functions/src/${module}/${file}`).matchAll(/export const [A-Z_]+_KIND = '([a-z_]+)'/g)].map(([, kind]) => kind!));
}

/** Every file under a folder, tests left out. */
function ownFiles(dir: string): string[] {
  if (!existsSync(join(REPO_ROOT, dir))) return [];
  return readdirSync(join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The files outside the module's folders named for it: its seeds, its watch views and reducers,
 * organisation-wide data of its own (a read other features share, `lib/organization-data/`) and
 * its part of the settings page (`features/settings/`).
 */
function namedFiles(module: ModuleName): string[] {
  const single = module.replace(/s$/, '');
  const seeds = filesOf('infra/local').filter((file) => file === `seed-${module}.ts` || file === `seed-live-${module}.ts`).map((file) => `infra/local/${file}`);
  const namedIn = (dir: string) => filesOf(dir).filter((file) => !/\.test\.tsx?$/.test(file) && new RegExp(`^(${module}|${single})-`).test(file)).map((file) => `${dir}/${file}`);
  const settingsPage = ['api', 'components', 'routes', 'utils'].flatMap((dir) => namedIn(`frontend/src/features/settings/${dir}`));
  return [...seeds, ...namedIn('frontend/src/watch'), ...namedIn('frontend/src/lib/organization-data'), ...settingsPage];
}

function recipeCount(module: ModuleName) {
  const flag = flagOf(module)!;
  const own = [`shared/src/${module}`, `functions/src/${module}`, `frontend/src/features/${module}`].flatMap(ownFiles);
  const outside = [...RECIPE_PLACES.filter(([, namesModule]) => namesModule(module, flag)).map(([path]) => path), ...namedFiles(module)];
  return { own: own.length, outside };
}

describe("the recipe's count of a sending module (issue 29: at most 40 files, 10 outside its folders)", () => {
  it.each(SENDING_MODULES)('%s needs no more files than it did', (module) => {
    const { own, outside } = recipeCount(module);
    const ceiling = CEILINGS[module];
    const said = `${module}: ${own} own files and ${outside.length} outside (${outside.join(', ')}); CEILINGS says ${ceiling.own} and ${ceiling.outside}`;
    expect(own, said).toBeLessThanOrEqual(ceiling.own);
    expect(outside.length, said).toBeLessThanOrEqual(ceiling.outside);
  });
});
