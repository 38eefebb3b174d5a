import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ModuleName } from '@portal/shared/api/route-table';
import { asFunction } from '../../infra/local/function-scope.ts';
import { apiEvent, type ApiRequest } from './api-event.ts';

type Handler = (event: unknown, context: Context) => Promise<unknown>;
const handlers = new Map<ModuleName, Handler>();

/** Calls the module's deployed handler in-process with the API Gateway event of the request. */
export async function callApi(module: ModuleName, method: string, path: string, request?: ApiRequest) {
  let handler = handlers.get(module);
  if (!handler) {
    // Run as its Lambda: the local adapters refuse what FUNCTION_NEEDS does not give it, as AWS would.
    handler = asFunction(module, ((await import(`../../functions/src/${module}/handler.ts`)) as { handler: Handler }).handler);
    handlers.set(module, handler);
  }
  const result = (await handler(apiEvent(method, path, request), {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode ?? 200, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers ?? {} };
}
