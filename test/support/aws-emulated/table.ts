import { CreateTableCommand, DynamoDBClient, UpdateTimeToLiveCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { CfnResource } from './template.ts';

/**
 * Creates the table in DynamoDB Local from the template's own `AWS::DynamoDB::GlobalTable` (or
 * `Table`): attributes, keys, indexes with their projections, billing mode, TTL. Not from
 * shared/src/db/table.ts: a key or index the template lacks must be missing here too.
 */
export async function createTableFromTemplate(endpoint: string, tableName: string, resource: CfnResource & { Properties: Record<string, any> }): Promise<void> {
  const p = resource.Properties;
  const input: CreateTableCommandInput = {
    TableName: tableName,
    AttributeDefinitions: p.AttributeDefinitions,
    KeySchema: p.KeySchema,
    BillingMode: p.BillingMode ?? 'PROVISIONED',
    ...(p.GlobalSecondaryIndexes?.length
      ? { GlobalSecondaryIndexes: p.GlobalSecondaryIndexes.map((g: Record<string, unknown>) => ({ IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection })) }
      : {}),
    ...(p.LocalSecondaryIndexes?.length ? { LocalSecondaryIndexes: p.LocalSecondaryIndexes } : {}),
    ...(p.BillingMode === 'PAY_PER_REQUEST' ? {} : { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } }),
  };
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'harness', secretAccessKey: 'harness' } });
  try {
    await client.send(new CreateTableCommand(input));
    const ttl = p.TimeToLiveSpecification as { AttributeName?: string; Enabled?: boolean } | undefined;
    if (ttl?.Enabled) {
      await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: ttl.AttributeName, Enabled: true } }));
    }
  } finally {
    client.destroy();
  }
}
