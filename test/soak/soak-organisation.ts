import type { HttpLog } from './http-log.ts';
import { SEEDED_PASSWORD } from '../support/seeded-portal.ts';
import { idToken } from '../support/seed-users.ts';

type SeededPortal = Awaited<ReturnType<typeof import('../support/seeded-portal.ts').startSeededPortal>>;

/** A person with a watch: the device's MQTT credentials as the devices API answered them. */
export interface StaffMember {
  userId: string;
  store: number;
  device: { clientId: string; username: string; token: string; inbox: string; events: string };
}

export interface SoakOrganisation {
  orgId: string;
  /** One ID token per admin (the demo admin first). */
  adminTokens: string[];
  staff: StaffMember[];
  /** One user group per store, staff dealt round the stores. */
  storeGroups: string[];
  /** Webhook triggers (throttle on), each with its secret and throttle. */
  triggers: Array<{ id: string; secret: string; throttleSeconds: number }>;
  activityTypeId: string;
}

export const STORES = 10;
const ACTION_TIMEOUTS = [5, 10, 30];
const THROTTLE_SECONDS = 4;

async function ok<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  return body;
}

async function inParallel<T, R>(items: readonly T[], width: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * The shop chain the soak runs on: an organisation of its own beside the demo one, `admins`
 * admins (sign-in identities, through the seed's back door), `watches` staff imported into the
 * table as an operator's script would (the users API would create as many Cognito identities), and
 * then, through the API as an admin does it: the store groups, one wear_os device per person (its
 * credentials are the watch's), the action time-outs, three external triggers with a notification
 * template each, and a shift activity type.
 */
export async function setUpOrganisation(portal: SeededPortal, api: HttpLog, options: { watches: number; admins: number }): Promise<SoakOrganisation> {
  const { DEMO_DEFAULTS } = await import('../../infra/local/seed.ts');
  const adminEmails = Array.from({ length: options.admins - 1 }, (_, i) => `soak-admin-${i + 1}@soak.test`);
  const orgId = await portal.seed.addOrganization('Soak Market', [
    { email: DEMO_DEFAULTS.email, roles: ['superadmin'] },
    ...adminEmails.map((email) => ({ email, roles: ['admin' as const] })),
  ]);
  const adminTokens = [
    await idToken(portal.url, DEMO_DEFAULTS.email, DEMO_DEFAULTS.password),
    ...(await inParallel(adminEmails, 4, (email) => idToken(portal.url, email, SEEDED_PASSWORD))),
  ];
  const token = adminTokens[0]!;

  const { insertUser } = await import('../../functions/src/users/users.repository.ts');
  const { rosterShardOf } = await import('../../functions/src/platform/tenancy/person-roster.entity.ts');
  const userIds = Array.from({ length: options.watches }, (_, i) => `soak-staff-${String(i).padStart(4, '0')}`);
  // One writer per roster shard, so no two transactions touch the same shard item at once.
  const byShard = new Map<number, string[]>();
  for (const id of userIds) byShard.set(rosterShardOf(id), [...(byShard.get(rosterShardOf(id)) ?? []), id]);
  await Promise.all(
    [...byShard.values()].map(async (ids) => {
      for (const userId of ids) {
        await insertUser({ orgId, userId, email: `${userId}@soak.test`, firstname: 'Staff', lastname: userId, type: 'normal', accessLevel: 'employee' });
      }
    }),
  );

  const storeGroups: string[] = [];
  for (let store = 0; store < STORES; store++) {
    const users = userIds.filter((_, i) => i % STORES === store);
    const group = await ok(api.call<{ id: string }>(token, 'POST', `/organizations/${orgId}/user-groups`, { name: `Store ${store + 1}`, color: '#E53935', users }), 'store group');
    storeGroups.push(group.id);
  }

  type Created = { device: { id: string }; credentials: { client_id: string; username: string; token: string; mqtt: { topics: { inbox: string; events: string } } } };
  const staff = await inParallel(userIds, 6, async (userId, i): Promise<StaffMember> => {
    const created = await ok(
      api.call<Created>(token, 'POST', `/organizations/${orgId}/devices`, { device_id: `SOAK-${userId}`, type: 'wear_os', name: `Watch ${i}`, user_id: userId }),
      'device',
    );
    const { client_id: clientId, username, token: password, mqtt } = created.credentials;
    return { userId, store: i % STORES, device: { clientId, username, token: password, inbox: mqtt.topics.inbox, events: mqtt.topics.events } };
  });

  await ok(api.call(token, 'PUT', `/organizations/${orgId}/settings/actions`, { forward_after_options: ACTION_TIMEOUTS, forward_after_default: ACTION_TIMEOUTS[1] }), 'action time-outs');

  const triggers: SoakOrganisation['triggers'] = [];
  for (let i = 0; i < 3; i++) {
    const template = await ok(
      api.call<{ id: string }>(token, 'POST', `/organizations/${orgId}/notification-templates`, {
        title: `Bottle return ${i + 1}`,
        notification: {
          content: { title: { text: `Bottle return ${i + 1} full` }, body: { text: 'Please empty it' } },
          recipient_groups: [{ group_number: 0, recipients: [{ id: storeGroups[i]!, type: 'user_group' }] }],
        },
      }),
      'notification template',
    );
    const trigger = await ok(
      api.call<{ id: string; secret: string }>(token, 'POST', `/organizations/${orgId}/triggers`, {
        name: `Bottle return machine ${i + 1}`,
        type: 'tomra-rvm',
        workflows: [{ id: template.id, type: 'notification-template' }],
        metadata: { is_external: true },
        is_throttling_enabled: true,
        throttle_duration_in_seconds: THROTTLE_SECONDS,
      }),
      'trigger',
    );
    triggers.push({ id: trigger.id, secret: trigger.secret, throttleSeconds: THROTTLE_SECONDS });
  }

  const activity = await ok(api.call<{ id: string }>(token, 'POST', `/organizations/${orgId}/shift-activity-types`, { name: 'Cashier', color: '#1E88E5' }), 'activity type');
  return { orgId, adminTokens, staff, storeGroups, triggers, activityTypeId: activity.id };
}
