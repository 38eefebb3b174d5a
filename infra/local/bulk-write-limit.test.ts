import { BatchWriteItemCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { limitBulkWrites } from './bulk-write-limit.ts';

/**
 * A DynamoDB that answers each request when told to (a middleware where the request would be
 * built and sent), and records how many batch writes it held at once.
 */
function heldDynamoDb() {
  const held: Array<{ target: string; answer: () => void; fail: () => void }> = [];
  let most = 0;
  const client = new DynamoDBClient({ region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  client.middlewareStack.add(
    (_next, context) => () =>
      new Promise((resolve, reject) => {
        const target = (context.commandName ?? '').replace(/Command$/, '');
        held.push({
          target,
          fail: () => reject(new Error('socket hang up')),
          answer: () => resolve({ output: { $metadata: {}, ...(target === 'BatchWriteItem' ? { UnprocessedItems: {} } : {}) }, response: {} }),
        });
        most = Math.max(most, held.filter((h) => h.target === 'BatchWriteItem').length);
      }),
    { step: 'serialize', priority: 'high', name: 'heldDynamoDb' },
  );
  return { client, held, most: () => most };
}

const tick = () => new Promise((done) => setTimeout(done, 20));
const batch = (i: number) => new BatchWriteCommand({ RequestItems: { t: [{ PutRequest: { Item: { pk: `p${i}`, sk: 's' } } }] } });

describe('the local runtime’s limit on batch writes in flight (reliability.md Open 12 and 13)', () => {
  it('lets at most the limit of batch writes reach DynamoDB at once, in the order they came, and a single write past them', async () => {
    const { client, held, most } = heldDynamoDb();
    limitBulkWrites(client, 5);
    // Applied again (a runtime started twice in one process): one limit, the last.
    limitBulkWrites(client, 3);
    const documents = DynamoDBDocumentClient.from(client);
    const batches = Array.from({ length: 10 }, (_, i) => documents.send(batch(i)));
    await tick();
    expect(held.map((h) => h.target)).toEqual(['BatchWriteItem', 'BatchWriteItem', 'BatchWriteItem']);

    // A single write does not wait for a slot.
    const put = client.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'x' }, sk: { S: 's' } } }));
    await tick();
    expect(held.map((h) => h.target)).toEqual(['BatchWriteItem', 'BatchWriteItem', 'BatchWriteItem', 'PutItem']);
    held.pop()!.answer();
    await put;

    // Each batch answered lets the next one in, never more than three.
    while (held.length) {
      held.shift()!.answer();
      await tick();
    }
    await Promise.all(batches);
    expect(most()).toBe(3);
  });

  it('counts the plain client’s BatchWriteItem too, and gives the slot back when a write fails', async () => {
    const { client, held, most } = heldDynamoDb();
    limitBulkWrites(client, 1);
    const first = DynamoDBDocumentClient.from(client).send(batch(1));
    const second = client.send(new BatchWriteItemCommand({ RequestItems: { t: [{ PutRequest: { Item: { pk: { S: 'p2' }, sk: { S: 's' } } } }] } }));
    await tick();
    expect(held).toHaveLength(1);
    held.shift()!.fail();
    await expect(first).rejects.toThrow('socket hang up');
    await tick();
    expect(held.map((h) => h.target)).toEqual(['BatchWriteItem']);
    held.shift()!.answer();
    await expect(second).resolves.toMatchObject({ UnprocessedItems: {} });
    expect(most()).toBe(1);
  });

  it('lets the batch writes of what takes no turn (an API request) past the limit', async () => {
    const { client, held } = heldDynamoDb();
    let request = false;
    limitBulkWrites(client, 1, () => !request);
    const documents = DynamoDBDocumentClient.from(client);
    const background = [documents.send(batch(1)), documents.send(batch(2))];
    await tick();
    expect(held).toHaveLength(1);
    request = true;
    const publish = documents.send(batch(3));
    await tick();
    expect(held).toHaveLength(2);
    request = false;
    while (held.length) {
      held.shift()!.answer();
      await tick();
    }
    await Promise.all([...background, publish]);
  });
});
