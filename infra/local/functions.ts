import type { Context } from 'aws-lambda';
import type { ModuleName } from '@portal/shared/api/route-table';

type LambdaHandler = (event: any, context: Context) => Promise<unknown>;

/**
 * The very handlers CDK deploys, loaded by module name. Imported lazily, after the runtime has set
 * the environment they read at load time (table name, endpoints).
 */
export async function loadModuleHandler(module: ModuleName): Promise<LambdaHandler> {
  const loaded = (await import(`../../functions/src/${module}/handler.ts`)) as { handler: LambdaHandler };
  return loaded.handler;
}

/** Functions cognito-local invokes as triggers, by the name written into its config. */
export const TRIGGER_FUNCTIONS: Record<string, () => Promise<LambdaHandler>> = {
  'pre-token-generation': async () =>
    ((await import('../../functions/src/identity/pre-token-generation.handler.ts')) as { handler: LambdaHandler }).handler,
};
