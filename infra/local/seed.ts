export interface DemoSeed {
  email: string;
  password: string;
  organizationName: string;
  timeZone: string;
}

export const DEMO_DEFAULTS = {
  email: 'admin@demo.local',
  password: 'Demo-Admin-1!',
  organizationName: 'Demo Organization',
  timeZone: 'Europe/Berlin',
} as const;

/**
 * First start: the demo superadmin's sign-in identity and the demo organisation, through the same
 * identity port and service the product uses. Later starts find both and change nothing but the
 * password (so DEMO_ADMIN_PASSWORD always works).
 */
export async function seedDemo(seed: DemoSeed): Promise<void> {
  // Loaded late: the functions read the table, pool and endpoints when they are imported.
  const identity = await import('../../functions/src/platform/identity/cognito-admin.ts');
  const { rolesByOrganization } = await import('../../functions/src/platform/tenancy/memberships.repository.ts');
  const { foundOrganization } = await import('../../functions/src/organizations/organizations.service.ts');
  const { ensureAccount } = await import('../../functions/src/platform/tenancy/user-accounts.repository.ts');

  const existing = await identity.findSignInIdentity(seed.email);
  const userId = existing ?? (await identity.createSignInIdentity(seed.email, seed.password));
  if (existing) await identity.setPassword(seed.email, seed.password);
  const owner = { userId, email: seed.email, firstname: 'Demo', lastname: 'Admin' };
  await ensureAccount(owner);
  if (Object.keys(await rolesByOrganization(userId)).length > 0) return;
  await foundOrganization({ name: seed.organizationName, timeZone: seed.timeZone, owner });
}
