import { randomUUID } from 'node:crypto';
import { BatchGetCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { peopleOf } from '../../functions/src/platform/tenancy/person-roster.ts';
import { userNames } from '../../functions/src/users/public.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * ElectroDB's batch get hands back the keys DynamoDB left unprocessed and asks for nothing again;
 * the reads that ignored them lost people from a send to everyone and names from a page under
 * throttling. DynamoDB Local never leaves keys unprocessed, so the first BatchGetItem of a read is
 * answered as a throttled table may answer it: nothing read, every key unprocessed.
 */
function throttleFirstBatchGet() {
  const send = documentClient.send.bind(documentClient) as (command: unknown) => Promise<unknown>;
  const throttled: BatchGetCommandInput[] = [];
  vi.spyOn(documentClient, 'send').mockImplementation((async (command: unknown) => {
    if (!(command instanceof BatchGetCommand) || throttled.length) return send(command);
    throttled.push(command.input);
    const tables = Object.keys(command.input.RequestItems!);
    return { Responses: Object.fromEntries(tables.map((table) => [table, []])), UnprocessedKeys: command.input.RequestItems, $metadata: {} };
  }) as typeof documentClient.send);
  return throttled;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('batch reads take up what DynamoDB left unprocessed', () => {
  let orgId: string;
  const staff = Array.from({ length: 5 }, (_, i) => `bg-${i}-${randomUUID().slice(0, 6)}`);

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@batch-get.test`;
    const adminId = await createIdentity(email, 'Batch-Pass-1!');
    orgId = await foundOrganization({ name: 'Batch Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    await Promise.all(staff.map((userId, i) => insertUser({ orgId, userId, email: `${userId}@batch-get.test`, firstname: 'Staff', lastname: String(i), type: 'normal', accessLevel: 'employee' })));
  });

  it('names every person asked for, in the order asked', async () => {
    const throttled = throttleFirstBatchGet();
    const names = await userNames(orgId, [staff[3]!, staff[0]!, staff[4]!]);
    expect(throttled).toHaveLength(1);
    expect(names.map((name) => name.lastname)).toEqual(['3', '0', '4']);
  });

  it('names a person asked for twice twice, asking DynamoDB once (it refuses a batch with a key twice)', async () => {
    expect((await userNames(orgId, [staff[1]!, staff[2]!, staff[1]!])).map((name) => name.lastname)).toEqual(['1', '2', '1']);
  });

  it("finds every person of the organisation's roster, all shards", async () => {
    const everyone = await peopleOf(orgId);
    const throttled = throttleFirstBatchGet();
    expect((await peopleOf(orgId)).sort()).toEqual([...everyone].sort());
    expect(throttled).toHaveLength(1);
    expect(everyone).toEqual(expect.arrayContaining(staff));
  });
});
