import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { allowAll, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, authorizeOrThrow, callerOf, forwardRequest, jsonErrorWriter, startHttpServer } from './aws-http.ts';
import { REGION } from './aws-identity.ts';
import { accessOf, tablesOf, type KeyNames } from './dynamodb-resources.ts';

export interface DynamoDbProxyOptions extends AuthorizingOptions {
  /** DynamoDB Local's endpoint (started with -sharedDb, so every caller sees one database). */
  upstream: string;
}

export interface DynamoDbProxy {
  endpoint: string;
  close(): Promise<void>;
  calls: CallRecord[];
}

const CONTENT_TYPE = 'application/x-amz-json-1.0';
const TARGET_PREFIX = 'DynamoDB_20120810.';
/** PartiQL is authorised per statement kind (dynamodb:PartiQLSelect…), which this proxy does not read. */
const REFUSED = new Set(['ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction']);
const PROXY_KEY_ID = 'DynamoDbProxy';
const SCHEMA_CHANGES = new Set(['CreateTable', 'DeleteTable', 'UpdateTable']);

/**
 * A pass-through proxy in front of DynamoDB Local that asks `authorize` for each IAM action a
 * request needs (table and index ARNs, `dynamodb:LeadingKeys`) before forwarding it unchanged.
 * DynamoDB Local itself validates the request and answers it.
 */
export async function startDynamoDbProxy(options: DynamoDbProxyOptions): Promise<DynamoDbProxy> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const upstream = new URL(options.upstream);
  const keyNames = new Map<string, KeyNames>();
  const describer = new DynamoDBClient({ endpoint: options.upstream, region: REGION, credentials: { accessKeyId: PROXY_KEY_ID, secretAccessKey: 'emulated' } });

  /** The partition key names of a table and its indexes, read once the table exists. */
  const learn = async (table: string) => {
    if (keyNames.has(table)) return;
    try {
      const { Table } = await describer.send(new DescribeTableCommand({ TableName: table }));
      const hash = (schema?: { AttributeName?: string; KeyType?: string }[]) => schema?.find((k) => k.KeyType === 'HASH')?.AttributeName ?? '';
      const indexes = [...(Table?.GlobalSecondaryIndexes ?? []), ...(Table?.LocalSecondaryIndexes ?? [])];
      keyNames.set(table, { table: hash(Table?.KeySchema), indexes: Object.fromEntries(indexes.map((i) => [i.IndexName!, hash(i.KeySchema)])) });
    } catch (error) {
      // No such table yet: DynamoDB Local answers the request itself. Anything else is a fault here.
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  };

  const server = await startHttpServer(async (req, body, res) => {
    const caller = callerOf(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!target.startsWith(TARGET_PREFIX)) throw new AwsFault(400, 'UnknownOperationException', `Unknown operation ${target}`);
    const operation = target.slice(TARGET_PREFIX.length);
    if (REFUSED.has(operation)) throw new AwsFault(400, 'ValidationException', `${operation} is not emulated by the authorizing proxy.`);
    let request: Record<string, any>;
    try {
      request = JSON.parse(body.toString('utf8') || '{}') as Record<string, any>;
    } catch {
      throw new AwsFault(400, 'SerializationException', 'The request body is not valid JSON');
    }
    const tables = tablesOf(operation, request);
    await Promise.all(tables.map(learn));
    for (const access of accessOf(operation, request, (table) => keyNames.get(table))) {
      // DynamoDB answers a denial with 400, not 403.
      const call = { service: 'dynamodb' as const, action: access.action, resources: [access.resource], accessKeyId: caller, ...(access.leadingKeys ? { context: { 'dynamodb:LeadingKeys': access.leadingKeys } } : {}) };
      try {
        authorizeOrThrow(authorize, calls, call);
      } catch (error) {
        throw error instanceof AwsFault ? new AwsFault(400, error.code, error.message) : error;
      }
    }
    // DynamoDB Local refuses access key ids that are not alphanumeric and, with -sharedDb, needs none of
    // its own: the caller's is swapped for the proxy's (it checks no signature).
    const authorization = String(req.headers.authorization).replace(/Credential=[^/]+\//, `Credential=${PROXY_KEY_ID}/`);
    const { host: _host, ...headers } = req.headers;
    const answer = await forwardRequest(upstream, 'POST', '/', { ...headers, authorization }, body);
    if (SCHEMA_CHANGES.has(operation)) for (const table of tables) keyNames.delete(table);
    const { 'transfer-encoding': _chunked, connection: _connection, ...answerHeaders } = answer.headers;
    res.writeHead(answer.status, { ...answerHeaders, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  }, jsonErrorWriter(CONTENT_TYPE, 'com.amazon.coral.service'));

  return {
    ...server,
    close: async () => {
      describer.destroy();
      await server.close();
    },
    calls,
  };
}
