import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { ensureTable, localClient } from '../../infra/local/dynamodb-local.ts';

/**
 * A local table kept from before an index was added to TABLE_DEFINITION (gsi2, decision 0036) gets
 * that index at the next start, so the kept data's dashboard Query does not fail; a second start
 * changes nothing.
 */
const runtime = inject('runtime');

describe('ensureTable on a kept table', () => {
  it('adds the indexes the definition gained, once', async () => {
    const table = `portal-kept-${randomUUID().slice(0, 8)}`;
    const client = await localClient(runtime.dynamoDbEndpoint);
    try {
      // The table as the definition made it before gsi2.
      await client.send(
        new CreateTableCommand({
          TableName: table,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: 'gsi1',
              KeySchema: [
                { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
        }),
      );
      const indexes = async () => ((await client.send(new DescribeTableCommand({ TableName: table }))).Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName).sort();

      await ensureTable(runtime.dynamoDbEndpoint, table, [table]);
      expect(await indexes()).toEqual(TABLE_DEFINITION.globalSecondaryIndexes.map((g) => g.indexName).sort());
      await ensureTable(runtime.dynamoDbEndpoint, table, [table]);
      expect(await indexes()).toEqual(['gsi1', 'gsi2']);
    } finally {
      await client.send(new DeleteTableCommand({ TableName: table }));
      client.destroy();
    }
  });
});
