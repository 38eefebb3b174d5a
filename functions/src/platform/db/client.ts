import { Agent } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../config.ts';

/**
 * Created once per process (Lambda container or local runtime). Locally the endpoint points at
 * DynamoDB Local, which accepts any credentials; the local runtime serves every request of every
 * module in one process, where a Lambda container serves one at a time, so its pool holds more than
 * the SDK's 50 sockets (a request makes up to three reads at once).
 */
export const dynamoDb = new DynamoDBClient({
  region: env.region,
  ...(env.dynamoDbEndpoint
    ? {
        endpoint: env.dynamoDbEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 256 }) },
      }
    : {}),
});

// The SDK's logger middleware redacts every command's input and output (walking each item of a
// page against the service model) for a logger that discards them: the default NoOpLogger has an
// `info`, so the arguments are built anyway. That was 4 % of the API's CPU at 50 concurrent list
// requests (docs/performance.md, "List routes"). The portal logs with its own logger, not the SDK's.
dynamoDb.middlewareStack.remove('loggerMiddleware');

export const documentClient = DynamoDBDocumentClient.from(dynamoDb, {
  marshallOptions: { removeUndefinedValues: true },
});

/** What every ElectroDB entity is constructed with. */
export const entityConfig = () => ({ table: env.tableName, client: documentClient });
