import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeatureFlags } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { freePort } from '../../infra/local/net-utils.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { startPortal } from './portal-process.ts';
import { SETUP_ACTOR } from './owner.ts';

/** The password a sign-in identity gets when the seed creates it without one (seed.addOrganization's members). */
export const SEEDED_PASSWORD = 'Seeded-Pass-1!';

export interface MemberInput {
  email: string;
  password: string;
  roles: Role[];
  /** Defaults to the seed's organisation (the demo organisation, or a test file's, seedOf). */
  orgId?: string;
  firstname?: string;
  lastname?: string;
  pendingMigration?: boolean;
}

/**
 * `npm start` on free ports with its own DATA_DIR, plus a back door for arranging data: this test
 * process points the very same functions code at the portal's DynamoDB Local and cognito-local
 * (their ports are fixed for that), as the local runtime itself does.
 *
 * Its first start seeds the demo organisation, as `npm start` does on a new DATA_DIR. `nodeArgs` go
 * to every start of the portal's Node process, restarts included (startPortal).
 */
export async function startSeededPortal(env: Record<string, string> = {}, nodeArgs: readonly string[] = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const [port, dynamoDbPort, cognitoPort, mqttPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const url = `http://localhost:${port}`;
  // Every port fixed, so that restart() brings the portal back where its clients expect it.
  const portalEnv = {
    DATA_DIR: dataDir,
    PORT: String(port),
    DYNAMODB_PORT: String(dynamoDbPort),
    COGNITO_PORT: String(cognitoPort),
    MQTT_PORT: String(mqttPort),
    SIGNUP_CODES: 'E2E-CODE',
    IDENTITY_PORTAL_URL: `${url}/signin?migrated=1`,
    ...env,
  };
  let portal = await startPortal(portalEnv, nodeArgs);

  const pool = JSON.parse(readFileSync(join(dataDir, 'cognito', 'pool.json'), 'utf8')) as { userPoolId: string; userPoolClientId: string };
  const cognitoEndpoint = `http://127.0.0.1:${cognitoPort}`;
  Object.assign(process.env, {
    TABLE_NAME: 'portal',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoDbPort}`,
    AWS_REGION: 'eu-central-1',
    COGNITO_ENDPOINT: cognitoEndpoint,
    COGNITO_USER_POOL_ID: pool.userPoolId,
    COGNITO_CLIENT_ID: pool.userPoolClientId,
    COGNITO_ISSUER: `${cognitoEndpoint}/${pool.userPoolId}`,
  });
  const identity = await import('../../functions/src/platform/identity/cognito-admin.ts');
  const accounts = await import('../../functions/src/platform/tenancy/user-accounts.repository.ts');
  const { MembershipEntity } = await import('../../functions/src/platform/tenancy/membership.entity.ts');
  const { rolesByOrganization } = await import('../../functions/src/platform/tenancy/memberships.repository.ts');
  const { foundOrganization } = await import('../../functions/src/organizations/organizations.service.ts');
  const { updateGeneralSettings } = await import('../../functions/src/settings/general-settings.service.ts');

  /** The first organisation of a seeded administrator (the demo's, or a test file's, e2e-organizations.ts). */
  async function organizationOf(adminEmail: string): Promise<string> {
    const adminId = await identity.findSignInIdentity(adminEmail);
    const orgId = adminId ? Object.keys(await rolesByOrganization(adminId))[0] : undefined;
    if (!orgId) throw new Error(`${adminEmail} is not a member of any organisation of this portal`);
    return orgId;
  }
  const demoOrgId = await organizationOf(DEMO_DEFAULTS.email);

  async function identityOf(email: string, password?: string, names: { firstname?: string; lastname?: string } = {}) {
    const existing = await identity.findSignInIdentity(email);
    const userId = existing ?? (await identity.createSignInIdentity(email, password ?? SEEDED_PASSWORD));
    await accounts.ensureAccount({ userId, email, ...names });
    return userId;
  }

  /** The back door for arranging data, with `defaultOrgId` as the default organisation and `adminEmail` as the default founder of new ones. */
  const seedOf = (defaultOrgId: string, adminEmail: string) => ({
    /** A sign-in identity (created if new) that is a member of the organisation with these roles. */
    async addMember(input: MemberInput): Promise<{ userId: string }> {
      const userId = await identityOf(input.email, input.password, { firstname: input.firstname, lastname: input.lastname });
      await MembershipEntity.put({ orgId: input.orgId ?? defaultOrgId, userId, roles: input.roles }).go();
      if (input.pendingMigration) await accounts.setPendingMigration(userId, true);
      return { userId };
    },
    /** A new organisation; the first member founds it, the others join with their roles. */
    async addOrganization(name: string, members: { email: string; roles: Role[] }[] = [{ email: adminEmail, roles: ['superadmin'] }]) {
      const [first, ...rest] = members;
      const ownerId = await identityOf(first!.email);
      const orgId = await foundOrganization({
        name,
        timeZone: 'Europe/Berlin',
        owner: { userId: ownerId, email: first!.email, firstname: 'Org', lastname: 'Owner', roles: first!.roles },
      });
      for (const member of rest) await MembershipEntity.put({ orgId, userId: await identityOf(member.email), roles: member.roles }).go();
      return orgId;
    },
    async setFeatures(orgId: string, features: Partial<FeatureFlags>, dashboards?: Array<'tasks' | 'actions' | 'custom'>) {
      await updateGeneralSettings(orgId, { general: { features, dashboards } }, SETUP_ACTOR);
    },
    /** Other general settings (trigger menus, ...), as a superadmin saves them. */
    async setGeneral(orgId: string, general: Omit<NonNullable<Parameters<typeof updateGeneralSettings>[1]['general']>, 'features' | 'dashboards'>) {
      await updateGeneralSettings(orgId, { general }, SETUP_ACTOR);
    },
  });

  return {
    url,
    demoOrgId,
    seed: seedOf(demoOrgId, DEMO_DEFAULTS.email),
    seedOf,
    organizationOf,
    dataDir,
    dynamoDbPort,
    mqttTcpUrl: `mqtt://127.0.0.1:${mqttPort}`,
    /** The running `npm start` (replaced by restart()). */
    get process() {
      return portal;
    },
    /**
     * SIGKILL of the portal and all it started (PortalProcess.kill), then `npm start` again on the
     * same DATA_DIR and ports, as an operator's supervisor restarts it; `beforeStart` runs between.
     */
    async restart(beforeStart?: () => Promise<void>) {
      await portal.kill();
      await beforeStart?.();
      portal = await startPortal(portalEnv, nodeArgs);
    },
    async stop() {
      try {
        await portal.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
