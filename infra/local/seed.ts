export interface DemoSeed {
  email: string;
  password: string;
  organizationName: string;
  timeZone: string;
  /**
   * The demo staff's e-mail domain, `demo.local` unless given (seed-shifts.ts, demoStaff): the
   * browser tests seed one demo organisation per test file, each with staff of its own.
   */
  staffDomain?: string;
  /**
   * The four weeks of report history before today (seed-history.ts), on the first start: `npm start`'s
   * demo has it; of the browser tests' organisations only the reports file's (e2e-organizations.ts).
   */
  history?: boolean;
}

export const DEMO_DEFAULTS = {
  email: 'admin@demo.local',
  password: 'Demo-Admin-1!',
  organizationName: 'Demo Organization',
  timeZone: 'Europe/Berlin',
  history: true,
} as const;

let seedModules: ReturnType<typeof importSeedModules> | undefined;

async function importSeedModules() {
  const [identity, memberships, organizations, accounts, shifts] = await Promise.all([
    import('../../functions/src/platform/identity/cognito-admin.ts'),
    import('../../functions/src/platform/tenancy/memberships.repository.ts'),
    import('../../functions/src/organizations/organizations.service.ts'),
    import('../../functions/src/platform/tenancy/user-accounts.repository.ts'),
    // Every start plans the current week when it is empty (seed-shifts.ts), so it loads with the rest.
    import('./seed-shifts.ts'),
  ]);
  return { identity, memberships, organizations, accounts, shifts };
}

/**
 * The functions seedDemo uses, loaded once. The runtime starts this while the stand-ins boot, once
 * the environment they read at load (table name, endpoints) is set; the pool's ids are read at use.
 */
export function loadSeedModules(): ReturnType<typeof importSeedModules> {
  return (seedModules ??= importSeedModules());
}

/**
 * First start: the demo superadmin's sign-in identity and the demo organisation with its action
 * and task templates (seed-actions.ts, seed-tasks.ts), shift activities, staff and a published
 * current week (seed-shifts.ts), the staff's watches (seed-watches.ts), a Flic trigger and a kiosk
 * trigger group (seed-automation.ts), then today's live day (seed-live-day.ts) and the four weeks
 * before it on /reports (seed-history.ts), through the same identity port and services the product uses.
 * Later starts find both and change nothing but the password (so DEMO_ADMIN_PASSWORD always works)
 * and, when the current week has no shifts, plan and publish it again, and seed the live day's
 * kinds the day has none of; their checks run at once, not one after another.
 */
export async function seedDemo(seed: DemoSeed): Promise<void> {
  const { identity, memberships, organizations, accounts, shifts } = await loadSeedModules();
  const staff = shifts.demoStaff(seed.staffDomain);
  const existing = await identity.findSignInIdentity(seed.email);
  const userId = existing ?? (await identity.createSignInIdentity(seed.email, seed.password));
  const owner = { userId, email: seed.email, firstname: 'Demo', lastname: 'Admin' };
  const [, , roles] = await Promise.all([
    existing ? identity.setPassword(seed.email, seed.password) : undefined,
    accounts.ensureAccount(owner),
    memberships.rolesByOrganization(userId),
  ]);
  // Only an organisation holding the demo staff gets a week planned and a live day (both find them by email).
  if (Object.keys(roles).length > 0) {
    const { seedLiveDay } = await import('./seed-live-day.ts');
    await Promise.all(Object.keys(roles).flatMap((orgId) => [shifts.planCurrentWeek(orgId, userId, undefined, staff), seedLiveDay(orgId, userId, undefined, staff)]));
    return;
  }
  const orgId = await organizations.foundOrganization({ name: seed.organizationName, timeZone: seed.timeZone, owner });
  // Loaded on the first start only: later starts stop above.
  const [{ seedActions }, { seedTasks }, { seedAutomation }, { seedWatches }, { seedLiveDay }, { registerDeviceConfigListeners }] = await Promise.all([
    import('./seed-actions.ts'),
    import('./seed-tasks.ts'),
    import('./seed-automation.ts'),
    import('./seed-watches.ts'),
    import('./seed-live-day.ts'),
    import('../../functions/src/device-config/public.ts'),
  ]);
  // The seed is a composition root like a Lambda entry: a seeded watch's config is published as a
  // registered one's is (device-config listens to the devices' signal, decision 0064).
  registerDeviceConfigListeners();
  await Promise.all([
    seedActions(orgId, userId).then((actionTemplates) => seedAutomation(orgId, userId, actionTemplates)),
    seedTasks(orgId, userId),
    // Another staff domain means many demo organisations in one table: longer serial prefixes keep their watches apart.
    shifts.seedShifts(orgId, userId, undefined, staff).then(() => seedWatches(orgId, userId, staff, seed.staffDomain ? orgId.slice(0, 8) : undefined)),
  ]);
  // Today's items use the templates, the staff and the trigger above (decision 0051); the history
  // the templates and the activities (decision 0087).
  await Promise.all([seedLiveDay(orgId, userId, undefined, staff), seed.history === false ? undefined : import('./seed-history.ts').then(({ seedHistory }) => seedHistory(orgId))]);
}
