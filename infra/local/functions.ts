import type { Context } from 'aws-lambda';
import type { ModuleName } from '@portal/shared/api/route-table';
import type { ScheduledFiring } from '../../functions/src/platform/scheduling/scheduler.port.ts';

type LambdaHandler = (event: any, context: Context) => Promise<unknown>;

/**
 * The very handlers CDK deploys, loaded by module name. Imported lazily, after the runtime has set
 * the environment they read at load time (table name, endpoints).
 */
export async function loadModuleHandler(module: ModuleName): Promise<LambdaHandler> {
  const loaded = (await import(`../../functions/src/${module}/handler.ts`)) as { handler: LambdaHandler };
  return loaded.handler;
}

export type ScheduledHandler = (firing: ScheduledFiring, context: Context) => Promise<unknown>;

/**
 * A module's scheduled-event handler (the function EventBridge Scheduler invokes on AWS), loaded
 * lazily like the HTTP handlers. The local scheduler calls it with the same `ScheduledFiring`.
 */
export async function loadScheduledHandler(module: ModuleName): Promise<ScheduledHandler> {
  const loaded = (await import(`../../functions/src/${module}/scheduled.handler.ts`)) as { handler: ScheduledHandler };
  return loaded.handler;
}

export type UplinkHandler = (event: { topic: string } & Record<string, unknown>) => Promise<unknown>;

/**
 * A module's uplink handler (the Lambda its IoT rule invokes on AWS), loaded lazily like the HTTP
 * handlers. The local uplink (uplink.ts) calls it with what the rule would pass.
 */
export async function loadUplinkHandler(module: ModuleName): Promise<UplinkHandler> {
  const loaded = (await import(`../../functions/src/${module}/uplink.handler.ts`)) as { handler: UplinkHandler };
  return loaded.handler;
}

/** Functions cognito-local invokes as triggers, by the name written into its config. */
export const TRIGGER_FUNCTIONS: Record<string, () => Promise<LambdaHandler>> = {
  'pre-token-generation': async () =>
    ((await import('../../functions/src/identity/pre-token-generation.handler.ts')) as { handler: LambdaHandler }).handler,
};
