import { createServer, type Server } from 'node:http';
import { logger } from './log.ts';
import { lambdaContext } from './lambda-context.ts';
import { TRIGGER_FUNCTIONS } from './functions.ts';
import { listenOn } from './net-utils.ts';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * A minimal Lambda Invoke API on loopback, so cognito-local calls the same trigger function that
 * Cognito calls on AWS. Errors are answered as Lambda does: 200 with X-Amz-Function-Error. Port 0
 * binds one the OS picks (`endpoint` names it). `functions`: the triggers by name (the aws-emulated
 * harness passes the template's, hosted from their bundles).
 */
export async function startLambdaInvokeServer(
  port: number,
  functions: typeof TRIGGER_FUNCTIONS = TRIGGER_FUNCTIONS,
): Promise<{ endpoint: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const match = INVOKE_PATH.exec(req.url ?? '');
    const load = match?.[1] ? functions[decodeURIComponent(match[1])] : undefined;
    if (req.method !== 'POST' || !load) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Function not found' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const handler = await load();
      const result = await handler(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'), lambdaContext(match![1]!));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
    } catch (error) {
      logger.error(`Trigger ${match![1]} failed: ${(error as Error).message}`);
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
        .end(JSON.stringify({ errorMessage: (error as Error).message, errorType: (error as Error).name }));
    }
  });
  const bound = await listenOn(server, port, '127.0.0.1');
  return { endpoint: `http://127.0.0.1:${bound}`, server };
}
