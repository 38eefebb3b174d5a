import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ROUTES, type ModuleName } from '@portal/shared/api/route-table';
import { createRouteMatcher } from '@portal/shared/api/route-path';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { topicRootOf } from '@portal/shared/devices/topics';
import { toApiGatewayEvent, writeApiGatewayResult } from './api-gateway-event.ts';
import { loadModuleHandler } from './functions.ts';
import { lambdaContext } from './lambda-context.ts';
import { logger } from './log.ts';
import { serveStatic } from './static-files.ts';

/** API Gateway's payload limit is 10 MB; the portal's JSON bodies are far smaller. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface PortalServerOptions {
  port: number;
  frontendDist: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** cognito-local, reached by the browser through `/cognito` on this same origin. */
  cognitoEndpoint: string;
  handleMqttUpgrade: (req: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

/**
 * The portal's one port: the SPA, `/config.json`, `/api/*` through the route table into the very
 * Lambda handlers, `/cognito/*` proxied to cognito-local, and MQTT over WebSocket on `/mqtt`.
 */
export async function startPortalServer(options: PortalServerOptions): Promise<Server> {
  const match = createRouteMatcher(ROUTES);
  const handlers = new Map<ModuleName, Awaited<ReturnType<typeof loadModuleHandler>>>();
  const handlerFor = async (module: ModuleName) => {
    let handler = handlers.get(module);
    if (!handler) handlers.set(module, (handler = await loadModuleHandler(module)));
    return handler;
  };

  const runtimeConfig = (req: IncomingMessage): RuntimeConfig => {
    const host = req.headers.host ?? `localhost:${options.port}`;
    return {
      apiBaseUrl: '/api',
      region: options.region,
      userPoolId: options.userPoolId,
      userPoolClientId: options.userPoolClientId,
      userPoolEndpoint: `http://${host}/cognito/`,
      mqttUrl: `ws://${host}/mqtt`,
      mqttTopicRoot: topicRootOf(process.env.MQTT_TOPIC_ROOT),
    };
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const found = match(req.method ?? 'GET', url.pathname);
    if (!found) return json(res, 404, { message: 'Not Found' });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) return json(res, 413, { message: 'Request body too large' });
      chunks.push(chunk as Buffer);
    }
    const event = toApiGatewayEvent(req, url, Buffer.concat(chunks), found.route, found.pathParameters);
    const handler = await handlerFor(found.route.module);
    writeApiGatewayResult(res, (await handler(event, lambdaContext(found.route.module))) as never);
  }

  function proxyCognito(req: IncomingMessage, res: ServerResponse, url: URL) {
    const target = new URL(url.pathname.replace(/^\/cognito/, '') || '/', options.cognitoEndpoint);
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => json(res, 502, { message: `Identity service unavailable: ${error.message}` }));
    req.pipe(upstream);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const done = (error: unknown) => {
      logger.error(`${req.method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) json(res, 500, { message: 'Internal server error' });
      else res.end();
    };
    try {
      if (url.pathname === '/config.json') return json(res, 200, runtimeConfig(req));
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return void handleApi(req, res, url).catch(done);
      if (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/')) return proxyCognito(req, res, url);
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { message: 'Method Not Allowed' });
      serveStatic(options.frontendDist, url.pathname, res);
    } catch (error) {
      done(error);
    }
  });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname === '/mqtt') options.handleMqttUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, resolve);
  });
  return server;
}
