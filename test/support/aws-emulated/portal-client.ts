import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { connectAsync, type MqttClient } from 'mqtt';
import { inject } from 'vitest';
import { PORTAL_CLIENT_ID_PREFIX, userClientId } from '@portal/shared/devices/client-ids';
import type { DeviceCredentials } from '@portal/shared/devices/device.schema';
import { createEnvelope, parseEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';
import { idToken } from '../seed-users.ts';
import type { HarnessReport } from './report.ts';

/**
 * What a test of the aws-emulated project does as a person would: sign in through `/cognito/`, call
 * `/api` with the ID token, connect a watch over MQTT (through the template's IoT authorizer). Only
 * the operator's first step, founding an organisation with its owner, writes to the table directly
 * (with the harness's own credential), as an operator's script would on a fresh account.
 */
export const harness = () => inject('awsEmulated');

export interface Answer<T = any> {
  status: number;
  body: T;
}

export async function api<T = any>(token: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(`${harness().url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: kept as text for the assertion's message.
  }
  return { status: response.status, body: parsed as T };
}

export const signIn = (email: string, password: string) => idToken(harness().url, email, password);

/** The `sub` of an ID token (the user id). */
export const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

/** A founding owner and their organisation, as an operator sets up a fresh deployment. */
export async function foundOrganizationAsOperator(name: string, password: string): Promise<{ orgId: string; email: string; userId: string }> {
  const h = harness();
  const email = `owner-${randomUUID().slice(0, 8)}@aws-emulated.test`;
  const cognito = new CognitoIdentityProviderClient({ endpoint: h.cognitoEndpoint, region: 'eu-central-1', credentials: { accessKeyId: 'harness', secretAccessKey: 'harness' } });
  const created = await cognito.send(new AdminCreateUserCommand({ UserPoolId: h.userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: h.userPoolId, Username: email, Password: password, Permanent: true }));
  cognito.destroy();
  const userId = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!userId) throw new Error('cognito-local returned no sub');
  // The functions' own code, in this process, on the emulated table: set before it loads.
  Object.assign(process.env, { TABLE_NAME: h.tableName, DYNAMODB_ENDPOINT: h.dynamoDbEndpoint, AWS_REGION: 'eu-central-1' });
  const { foundOrganization } = await import('../../../functions/src/organizations/organizations.service.ts');
  const { ensureAccount } = await import('../../../functions/src/platform/tenancy/user-accounts.repository.ts');
  const { ownerOf } = await import('../owner.ts');
  const owner = ownerOf(userId, ['superadmin'], email);
  // Sign-up writes the owner's account beside the organisation (sign-up.service.ts).
  await ensureAccount(owner);
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner });
  return { orgId, email, userId };
}

/**
 * `count` people of an organisation written to the table as an operator's import script would, by
 * the users repository's own `insertUser` (one transaction per person: profile, email, membership,
 * search terms, everyone group, roster), with the harness's credential. For a send to hundreds,
 * where creating each through the users API (Cognito, a sign-in) would take far longer. They have no
 * sign-in and no watch; what reaches their inboxes is counted with `observeInboxes`. Answers their
 * user ids.
 */
export async function importPeopleAsOperator(orgId: string, count: number): Promise<string[]> {
  const h = harness();
  Object.assign(process.env, { TABLE_NAME: h.tableName, DYNAMODB_ENDPOINT: h.dynamoDbEndpoint, AWS_REGION: 'eu-central-1' });
  const { insertUser } = await import('../../../functions/src/users/users.repository.ts');
  const { rosterShardOf } = await import('../../../functions/src/platform/tenancy/person-roster.entity.ts');
  const tag = randomUUID().slice(0, 6);
  const ids = Array.from({ length: count }, (_, i) => `imported-${tag}-${i}`);
  // Each person's transaction adds them to one roster shard: one lane per shard, side by side, so no
  // two transactions at a time touch the same item (a conflict would be retried after a pause).
  // Measured here: faster than the same rows in batches of 25 (DynamoDB Local gains from the lanes).
  const lanes = new Map<number, string[]>();
  for (const id of ids) lanes.set(rosterShardOf(id), [...(lanes.get(rosterShardOf(id)) ?? []), id]);
  const insert = (userId: string) => insertUser({ orgId, userId, email: `${userId}@aws-emulated.test`, firstname: 'Imported', lastname: userId, type: 'normal', accessLevel: 'employee' });
  await Promise.all([...lanes.values()].map(async (lane) => {
    for (const userId of lane) await insert(userId);
  }));
  return ids;
}

export interface Watch {
  client: MqttClient;
  inbox: Envelope[];
  /** Publishes an envelope (type `event` unless told, e.g. `completed`, `accepted`) on the person's events topic, as the watch emulator does. */
  send(data: Record<string, unknown>, type?: string): Promise<void>;
}

/** A person's watch emulator: MQTT with username `user`, the ID token as password, subscribed to their inbox. */
export async function watchOf(orgId: string, token: string): Promise<Watch> {
  const h = harness();
  const userId = subOf(token);
  const topics = topicsFor(h.mqttTopicRoot);
  const client = await connectAsync(h.mqttTcpUrl, { clientId: userClientId(userId, randomUUID().replace(/-/g, '').slice(0, 8)), username: 'user', password: token, reconnectPeriod: 0 });
  const inbox: Envelope[] = [];
  client.on('message', (_topic, payload) => {
    const envelope = parseEnvelope(payload.toString('utf8'));
    if (envelope) inbox.push(envelope);
  });
  const [granted] = await client.subscribeAsync(topics.inbox(orgId, userId), { qos: 1 });
  if (granted?.qos !== 1) throw new Error(`The inbox subscription was refused (${granted?.qos})`);
  return {
    client,
    inbox,
    send: async (data, type = 'event') => void (await client.publishAsync(topics.userEvents(orgId, userId), JSON.stringify(createEnvelope(type, data as never, randomUUID())), { qos: 1 })),
  };
}

export interface Device {
  client: MqttClient;
  /** What arrived on its config topic (retained first), newest last. */
  configs: Envelope[];
  /** Publishes an envelope (e.g. `buttonEventEnvelope`'s) on the device's events topic. */
  publish(envelope: { id: string; type: string; data: object }): Promise<void>;
}

/** A registered device (a kiosk tablet) connected with its own credentials, through the IoT authorizer, subscribed to its config topic. */
export async function deviceOf(credentials: DeviceCredentials): Promise<Device> {
  const client = await connectAsync(harness().mqttTcpUrl, { clientId: credentials.client_id, username: credentials.username, password: credentials.token, reconnectPeriod: 0 });
  const configs: Envelope[] = [];
  client.on('message', (_topic, payload) => {
    const envelope = parseEnvelope(payload.toString('utf8'));
    if (envelope) configs.push(envelope);
  });
  const [granted] = await client.subscribeAsync(credentials.mqtt.topics.config, { qos: 1 });
  if (granted?.qos !== 1) throw new Error(`The config subscription was refused (${granted?.qos})`);
  return { client, configs, publish: async (envelope) => void (await client.publishAsync(credentials.mqtt.topics.events, JSON.stringify(envelope), { qos: 1 })) };
}

export interface InboxObserver {
  client: MqttClient;
  /** Every envelope that reached an inbox of the organisation, with the inbox's user. */
  received: Array<{ userId: string; envelope: Envelope }>;
}

/**
 * One subscription to every inbox of an organisation (`<root>/<org>/users/+/inbox`), as the harness's
 * observer (on AWS, an operator's MQTT test client): counts what the delivery functions published to
 * many people without a client per person.
 */
export async function observeInboxes(orgId: string): Promise<InboxObserver> {
  const h = harness();
  const topics = topicsFor(h.mqttTopicRoot);
  const client = await connectAsync(h.mqttTcpUrl, { clientId: `${PORTAL_CLIENT_ID_PREFIX}observer-${randomUUID().slice(0, 8)}`, username: 'portal', password: h.mqttObserverToken, reconnectPeriod: 0 });
  const received: InboxObserver['received'] = [];
  client.on('message', (topic, payload) => {
    const parsed = topics.parse(topic);
    const envelope = parseEnvelope(payload.toString('utf8'));
    if (parsed?.kind === 'inbox' && envelope) received.push({ userId: parsed.userId, envelope });
  });
  const [granted] = await client.subscribeAsync(`${h.mqttTopicRoot}/${orgId}/users/+/inbox`, { qos: 1 });
  if (granted?.qos !== 1) throw new Error(`The observer's subscription was refused (${granted?.qos})`);
  return { client, received };
}

/** The run's report so far (the harness keeps it; tests run in other processes). */
export async function harnessReport(): Promise<HarnessReport> {
  return (await (await fetch(`${harness().url}/__harness/report`)).json()) as HarnessReport;
}

export interface StaffMember {
  userId: string;
  email: string;
  token: string;
  watch: Watch;
}

/** People added by the owner through the users API, each signed in with their watch connected. */
export async function addStaff(ownerToken: string, orgId: string, firstnames: string[], password: string): Promise<StaffMember[]> {
  const staff: StaffMember[] = [];
  for (const firstname of firstnames) {
    const email = `${firstname.toLowerCase()}-${randomUUID().slice(0, 8)}@aws-emulated.test`;
    const created = await api(ownerToken, 'POST', `/organizations/${orgId}/users`, { firstname, lastname: 'Staff', email, password });
    if (created.status !== 201) throw new Error(`Adding ${firstname}: HTTP ${created.status} ${JSON.stringify(created.body)}`);
    const token = await signIn(email, password);
    staff.push({ userId: subOf(token), email, token, watch: await watchOf(orgId, token) });
  }
  return staff;
}

export const closeWatches = (staff: readonly StaffMember[]) => Promise.all(staff.map((s) => s.watch.client.endAsync()));

/** An organisation founded by the operator, its owner signed in, and staff with their watches connected. */
export async function organizationWithStaff(name: string, firstnames: string[], password: string): Promise<{ orgId: string; owner: string; staff: StaffMember[] }> {
  const founded = await foundOrganizationAsOperator(name, password);
  const owner = await signIn(founded.email, password);
  return { orgId: founded.orgId, owner, staff: await addStaff(owner, founded.orgId, firstnames, password) };
}
