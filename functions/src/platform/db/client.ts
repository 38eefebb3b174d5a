import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../config.ts';

/**
 * Created once per process (Lambda container or local runtime). Locally the endpoint points at
 * DynamoDB Local, which accepts any credentials.
 */
export const dynamoDb = new DynamoDBClient({
  region: env.region,
  ...(env.dynamoDbEndpoint
    ? { endpoint: env.dynamoDbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {}),
});

export const documentClient = DynamoDBDocumentClient.from(dynamoDb, {
  marshallOptions: { removeUndefinedValues: true },
});

/** What every ElectroDB entity is constructed with. */
export const entityConfig = () => ({ table: env.tableName, client: documentClient });
