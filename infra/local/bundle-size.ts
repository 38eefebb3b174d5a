import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `dist/.vite/manifest.json` (build.manifest), keyed by source path. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Gzip bytes loaded before first render: the most a page may cost (issue 12). Issue 30 lowered the
 * sign-in page's from 170 kB and a feature page's from 200 kB, leaving the next module room.
 */
export const BUDGETS = { signIn: 160_000, signedIn: 180_000, feature: 190_000, css: 15_000 } as const;

export interface RouteLoad {
  /** The URL a user opens (`:orgId` stands for the organisation). */
  route: string;
  kind: keyof Omit<typeof BUDGETS, 'css'>;
  /** Manifest keys (source paths) of the lazy chunks the router loads for it, besides the entry. */
  lazy: string[];
}

const FEATURE = 'src/features';
/** The shell and the organisation's route table, one chunk added under '/:orgId' on the first navigation there (frontend/src/app/router.tsx). */
const SHELL = 'src/app/org-routes.tsx';
/** Signed in, every page waits for the API data cache and the password-migration check (frontend/src/app/router.tsx). */
const SIGNED_IN = ['src/app/routing/query-client-layout.tsx', 'src/app/routing/require-current-password.tsx'];
/**
 * A namespace's strings in the default language, English: the chunk frontend/vite.config.ts names
 * `locale-{namespace}-en`. The app's load before the first render of any page (lib/i18n.ts); a
 * feature's beside its routes' chunks (app/routing/with-strings.ts).
 */
export const strings = (namespace: string) => `${STRINGS_PREFIX}locale-${namespace}-en`;
const STRINGS_PREFIX = 'chunk-name:';
/** An organisation's page: the shell and the page's chunks, in the shell behind the sign-in checks. */
const orgPage = (...lazy: string[]): string[] => [...SIGNED_IN, SHELL, ...lazy];

/**
 * Each entry route and the lazy chunks its first render waits for (frontend/src/app/router.tsx,
 * org-routes.tsx and the features' route modules). A feature route lands on its default view; the
 * budget test checks that every top-level route of the app's path table is listed here.
 */
export const ENTRY_ROUTES: RouteLoad[] = [
  { route: '/signin', kind: 'signIn', lazy: [`${FEATURE}/auth/routes/sign-in.route.tsx`, strings('auth')] },
  { route: '/', kind: 'signedIn', lazy: [...SIGNED_IN, `${FEATURE}/organizations/routes/organization-home.route.tsx`, strings('organizations')] },
  // The kiosk emulator (decision 0043): open signed out, outside the guards, its chunk alone.
  { route: '/kiosk', kind: 'signIn', lazy: ['src/kiosk/kiosk.route.tsx'] },
  { route: '/:orgId/no-access', kind: 'feature', lazy: orgPage() },
  { route: '/:orgId/dashboard', kind: 'feature', lazy: orgPage(`${FEATURE}/dashboard/routes/dashboard-page.route.tsx`, strings('dashboard')) },
  { route: '/:orgId/schedule', kind: 'feature', lazy: orgPage(`${FEATURE}/shifts/routes/shifts-page.route.tsx`, strings('shifts')) },
  {
    route: '/:orgId/notifications',
    kind: 'feature',
    lazy: orgPage(`${FEATURE}/notifications/routes/notifications-page.route.tsx`, strings('notifications')),
  },
  { route: '/:orgId/tasks', kind: 'feature', lazy: orgPage(`${FEATURE}/tasks/routes/tasks-page.route.tsx`, strings('tasks')) },
  { route: '/:orgId/actions', kind: 'feature', lazy: orgPage(`${FEATURE}/actions/routes/actions-page.route.tsx`, strings('actions')) },
  {
    // /automation goes on to its triggers: the layout, the list and the strings.
    route: '/:orgId/automation',
    kind: 'feature',
    lazy: orgPage(`${FEATURE}/automation/routes/automation-layout.route.tsx`, `${FEATURE}/automation/routes/triggers.route.tsx`, strings('automation')),
  },
  // Its charts (visx) load after the tables, a chunk of their own outside this first load.
  { route: '/:orgId/reports', kind: 'feature', lazy: orgPage(`${FEATURE}/reports/routes/reports-page.route.tsx`, strings('reports')) },
  {
    route: '/:orgId/users',
    kind: 'feature',
    lazy: orgPage(`${FEATURE}/users/routes/users-layout.route.tsx`, `${FEATURE}/users/routes/user-list.route.tsx`, strings('users')),
  },
  { route: '/:orgId/devices', kind: 'feature', lazy: orgPage(`${FEATURE}/devices/routes/devices-list.route.tsx`, strings('devices')) },
  {
    route: '/:orgId/settings',
    kind: 'feature',
    lazy: orgPage(`${FEATURE}/settings/routes/settings-layout.route.tsx`, `${FEATURE}/settings/routes/general-settings.route.tsx`, strings('settings')),
  },
  {
    // Where settings land for everyone but a superadmin (spec 001 §2): the shift activities, the
    // shifts module's own tab (its page and strings) in the settings page (its layout and strings).
    route: '/:orgId/settings/shift-planner',
    kind: 'feature',
    lazy: orgPage(`${FEATURE}/settings/routes/settings-layout.route.tsx`, `${FEATURE}/shifts/routes/shift-planner-settings.route.tsx`, strings('settings'), strings('shifts')),
  },
  {
    route: '/:orgId/help',
    kind: 'feature',
    lazy: orgPage(`${FEATURE}/help/routes/help-layout.route.tsx`, `${FEATURE}/help/routes/faq.route.tsx`, strings('help')),
  },
];

export function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the frontend first (npm run build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/**
 * The files a chunk brings with it before it runs: itself, its static imports (recursively) and their
 * CSS. A key is a source path, or `chunk-name:` and a chunk's name (a locale file's chunk).
 */
export function filesOf(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = key.startsWith(STRINGS_PREFIX)
      ? Object.values(manifest).find((candidate) => candidate.name === key.slice(STRINGS_PREFIX.length))
      : manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is the route table in infra/local/bundle-size.ts current?`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export interface RouteSize extends RouteLoad {
  js: number;
  css: number;
  files: string[];
}

export function measureRoutes(dist: string, routes: readonly RouteLoad[] = ENTRY_ROUTES): RouteSize[] {
  const manifest = readManifest(dist);
  const entries = [...Object.keys(manifest).filter((key) => manifest[key]!.isEntry), strings('app')];
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) gzipped.set(file, (size = gzipSync(readFileSync(join(dist, file))).length));
    return size;
  };
  return routes.map((load) => {
    const files = [...filesOf(manifest, [...entries, ...load.lazy])].sort();
    const sum = (ext: string) => files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + sizeOf(file), 0);
    return { ...load, js: sum('.js'), css: sum('.css'), files };
  });
}

/** What breaks a budget, one line each with the figure; empty when every budget holds. */
export function overBudget(sizes: readonly RouteSize[]): string[] {
  return sizes.flatMap((size) => [
    ...(size.js > BUDGETS[size.kind] ? [`${size.route}: ${size.js} bytes gzip JS, budget ${BUDGETS[size.kind]}`] : []),
    ...(size.css > BUDGETS.css ? [`${size.route}: ${size.css} bytes gzip CSS, budget ${BUDGETS.css}`] : []),
  ]);
}

/** Bytes as the budgets are written: kB of 1,000 bytes, one decimal. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatTable(sizes: readonly RouteSize[]): string {
  const rows = sizes.map((size) => [size.route, kB(size.js), kB(BUDGETS[size.kind]), kB(size.css), kB(BUDGETS.css)]);
  const header = ['Route', 'JS (gzip)', 'JS budget', 'CSS (gzip)', 'CSS budget'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}
