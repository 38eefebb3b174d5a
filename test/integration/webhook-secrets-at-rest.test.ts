import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { WebhookSecretEntity } from '../../functions/src/automation/webhook-secret.entity.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { env } from '../../functions/src/platform/config.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

/**
 * Webhook secrets at rest (decision 0057): the secret's row holds it sealed by the secret cipher
 * port (here its local AES-256-GCM adapter with the runtime's key; KMS on AWS) for that row alone,
 * and the webhook still authenticates with it. A row written before 0057 in plain text keeps
 * working and is sealed at its first webhook.
 */
const PASSWORD = 'Webhook-Pass-1!';
let orgId: string;
let token: string;

beforeAll(async () => {
  const email = `sealed-${randomUUID().slice(0, 8)}@webhooks.test`;
  const userId = await createIdentity(email, PASSWORD);
  orgId = await foundOrganization({ name: 'Sealed secrets', timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['superadmin'], email) });
  await updateGeneralSettings(orgId, { general: { features: { automation: 'enable' } } }, SETUP_ACTOR);
  token = await signIn(email, PASSWORD);
});

async function createTrigger(): Promise<TriggerWithSecretDto & { secret: string }> {
  const body = { name: `Door bell ${randomUUID().slice(0, 4)}`, type: 'flic-button', workflows: [], metadata: { is_external: true } };
  const answer = await callApi('automation', 'POST', `/api/organizations/${orgId}/triggers`, { token, body });
  expect(answer.status).toBe(201);
  return answer.body as TriggerWithSecretDto & { secret: string };
}

const key = (triggerId: string) => ({ pk: `ORG#${orgId}`, sk: `WEBHOOKSECRET#${triggerId}` });
/** The row as DynamoDB holds it, every attribute. */
const storedRow = async (triggerId: string) => (await documentClient.send(new GetCommand({ TableName: env.tableName, Key: key(triggerId), ConsistentRead: true }))).Item!;
const hook = (triggerId: string, secret: string) => callApi('automation', 'POST', `/api/hooks/${orgId}/${triggerId}`, { headers: { 'content-type': '', 'x-webhook-secret': secret } });

/** The secret with its last significant character changed: always a different secret (a fixed `A=` was the same one for 1 secret in 16). */
const tampered = (secret: string) => `${secret.slice(0, -2)}${secret.at(-2) === 'A' ? 'Q' : 'A'}=`;

describe('webhook secrets at rest', () => {
  it('stores the secret sealed, nowhere in clear on its row, and the webhook authenticates with it', async () => {
    const trigger = await createTrigger();
    const row = await storedRow(trigger.id);
    expect(row).not.toHaveProperty('secret');
    expect(row.ciphertext).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    const text = JSON.stringify(row);
    // Neither the secret nor its random part (the HMAC key) in any attribute.
    expect(text).not.toContain(trigger.secret);
    expect(text).not.toContain(trigger.secret.slice('whsec_'.length, -1));
    expect(await hook(trigger.id, trigger.secret)).toMatchObject({ status: 202 });
    expect(await hook(trigger.id, tampered(trigger.secret))).toMatchObject({ status: 401 });
  });

  it('seals a rotated secret anew: a new ciphertext, the old secret refused, the new one accepted', async () => {
    const trigger = await createTrigger();
    const before = (await storedRow(trigger.id)).ciphertext as string;
    const rotated = (await callApi('automation', 'POST', `/api/organizations/${orgId}/triggers/${trigger.id}/secret`, { token })).body as TriggerWithSecretDto & { secret: string };
    const after = await storedRow(trigger.id);
    expect(after.ciphertext).not.toBe(before);
    expect(JSON.stringify(after)).not.toContain(rotated.secret);
    expect(await hook(trigger.id, trigger.secret)).toMatchObject({ status: 401 });
    expect(await hook(trigger.id, rotated.secret)).toMatchObject({ status: 202 });
  });

  it("does not open a ciphertext copied onto another trigger's row: that webhook accepts neither secret", async () => {
    const [source, target] = [await createTrigger(), await createTrigger()];
    const copied = (await storedRow(source.id)).ciphertext as string;
    await documentClient.send(new UpdateCommand({ TableName: env.tableName, Key: key(target.id), UpdateExpression: 'SET ciphertext = :c', ExpressionAttributeValues: { ':c': copied } }));
    expect((await hook(target.id, source.secret)).status).not.toBe(202);
    expect((await hook(target.id, target.secret)).status).not.toBe(202);
    // The source row still opens where it was sealed.
    expect(await hook(source.id, source.secret)).toMatchObject({ status: 202 });
  });

  it('keeps a plain row written before decision 0057 working, and seals it at its first webhook', async () => {
    const trigger = await createTrigger();
    const plain = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    // The row as the code before 0057 wrote it: the secret in plain text, no ciphertext.
    await WebhookSecretEntity.put({ orgId, triggerId: trigger.id, secret: plain, createdAt: new Date().toISOString() }).go();
    expect(await storedRow(trigger.id)).toMatchObject({ secret: plain });
    expect(await storedRow(trigger.id)).not.toHaveProperty('ciphertext');

    expect(await hook(trigger.id, plain)).toMatchObject({ status: 202 });
    const sealed = await storedRow(trigger.id);
    expect(sealed).not.toHaveProperty('secret');
    expect(sealed.ciphertext).toMatch(/^v1\./);
    expect(JSON.stringify(sealed)).not.toContain(plain);
    expect(await hook(trigger.id, plain)).toMatchObject({ status: 202 });
    expect(await hook(trigger.id, trigger.secret)).toMatchObject({ status: 401 });
  });
});
