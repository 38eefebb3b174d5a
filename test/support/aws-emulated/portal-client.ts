import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { connectAsync, type MqttClient } from 'mqtt';
import { inject } from 'vitest';
import { userClientId } from '@portal/shared/devices/client-ids';
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

export interface Watch {
  client: MqttClient;
  inbox: Envelope[];
  /** Publishes an event envelope on the person's events topic, as the watch emulator does. */
  send(data: Record<string, unknown>): Promise<void>;
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
    send: async (data) => void (await client.publishAsync(topics.userEvents(orgId, userId), JSON.stringify(createEnvelope('event', data as never, randomUUID())), { qos: 1 })),
  };
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
