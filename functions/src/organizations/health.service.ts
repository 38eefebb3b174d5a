import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { checkIdentityProvider } from '../platform/auth/verify-token.ts';
import { env } from '../platform/config.ts';
import { dynamoDb } from '../platform/db/client.ts';

export type ComponentStatus = { status: 'ok' } | { status: 'error'; message: string };

async function probe(check: () => Promise<unknown>): Promise<ComponentStatus> {
  try {
    await check();
    return { status: 'ok' };
  } catch (error) {
    return { status: 'error', message: (error as Error).message };
  }
}

/** Each component the API depends on, probed in parallel. */
export async function checkHealth() {
  const [database, identity] = await Promise.all([
    probe(() => dynamoDb.send(new DescribeTableCommand({ TableName: env.tableName }))),
    probe(checkIdentityProvider),
  ]);
  const components = { database, identity };
  const healthy = Object.values(components).every((c) => c.status === 'ok');
  return { status: healthy ? ('ok' as const) : ('degraded' as const), components };
}
