import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchWriteItemCommand, DynamoDBClient, GetItemCommand, QueryCommand, ScanCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoDbProxy, type DynamoDbProxy } from './dynamodb-proxy.server.ts';
import { clientConfig } from './sdk-client.ts';

/** Stands in for DynamoDB Local: describes one table, answers the rest with an empty success, and records what reached it. */
let upstream: Server;
const forwarded: string[] = [];
let proxy: DynamoDbProxy;
let client: DynamoDBClient;
const TABLE = 'arn:aws:dynamodb:eu-central-1:000000000000:table/Portal';

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const operation = String(req.headers['x-amz-target']).split('.')[1]!;
    req.resume().on('end', () => {
      if (operation !== 'DescribeTable') forwarded.push(`${operation} by ${String(req.headers.authorization).match(/Credential=(\w+)/)?.[1]}`);
      const body = operation === 'DescribeTable' ? { Table: { TableName: 'Portal', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: [{ AttributeName: 'gsi1pk', KeyType: 'HASH' }] }] } } : {};
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startDynamoDbProxy({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    // Own rows only: the caller's key id is its organisation's partition key.
    authorize: (call) => (call.context?.['dynamodb:LeadingKeys']?.every((k) => k === 'org#1') === false ? { allowed: false, reason: 'LeadingKeys condition failed' } : { allowed: true }),
  });
  client = new DynamoDBClient(clientConfig(proxy.endpoint, 'AKIDTASKS'));
});
afterAll(async () => {
  client.destroy();
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('DynamoDB authorizing proxy', () => {
  it('forwards an allowed call after asking for its action, table and partition key, under its own key id', async () => {
    await client.send(new GetItemCommand({ TableName: 'Portal', Key: { pk: { S: 'org#1' }, sk: { S: 'task#9' } } }));
    expect(forwarded.at(-1)).toBe('GetItem by DynamoDbProxy');
    expect(proxy.calls.at(-1)).toEqual({ service: 'dynamodb', action: 'dynamodb:GetItem', resources: [TABLE], accessKeyId: 'AKIDTASKS', context: { 'dynamodb:LeadingKeys': ['org#1'] }, allowed: true });
  });

  it('names the index of a Query and the key its condition fixes', async () => {
    await client.send(new QueryCommand({ TableName: 'Portal', IndexName: 'gsi1', KeyConditionExpression: '#k = :v', ExpressionAttributeNames: { '#k': 'gsi1pk' }, ExpressionAttributeValues: { ':v': { S: 'org#1' } } }));
    expect(proxy.calls.at(-1)).toMatchObject({ action: 'dynamodb:Query', resources: [`${TABLE}/index/gsi1`], context: { 'dynamodb:LeadingKeys': ['org#1'] } });
    await client.send(new ScanCommand({ TableName: 'Portal' }));
    expect(proxy.calls.at(-1)).toMatchObject({ action: 'dynamodb:Scan', resources: [TABLE] });
    expect(proxy.calls.at(-1)!.context).toBeUndefined();
  });

  it('authorises each item action of a transaction and every key of a batch', async () => {
    const before = proxy.calls.length;
    await client.send(new TransactWriteItemsCommand({ TransactItems: [
      { Put: { TableName: 'Portal', Item: { pk: { S: 'org#1' }, sk: { S: 'a' } } } },
      { ConditionCheck: { TableName: 'Portal', Key: { pk: { S: 'org#1' }, sk: { S: 'b' } }, ConditionExpression: 'attribute_exists(pk)' } },
    ] }));
    expect(proxy.calls.slice(before).map((c) => c.action)).toEqual(['dynamodb:PutItem', 'dynamodb:ConditionCheckItem']);
    await expect(client.send(new BatchWriteItemCommand({ RequestItems: { Portal: [{ PutRequest: { Item: { pk: { S: 'org#1' }, sk: { S: 'a' } } } }, { DeleteRequest: { Key: { pk: { S: 'org#2' }, sk: { S: 'a' } } } }] } }))).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    expect(proxy.calls.at(-1)).toMatchObject({ action: 'dynamodb:BatchWriteItem', context: { 'dynamodb:LeadingKeys': ['org#1', 'org#2'] }, allowed: false });
    expect(forwarded.at(-1)).toBe('TransactWriteItems by DynamoDbProxy');
  });
});
