import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ROUTES, type ModuleName } from '@portal/shared/api/route-table';
import { createRouteMatcher } from '@portal/shared/api/route-path';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { SECURITY_HEADERS, contentSecurityPolicy } from '@portal/shared/api/security-headers';
import { topicRootOf } from '@portal/shared/devices/topics';
import { apiGatewayResponse, toApiGatewayEvent } from './api-gateway-event.ts';
import { createCognitoProxy } from './cognito-proxy.ts';
import { sendBody } from './compression.ts';
import { loadModuleHandler } from './functions.ts';
import { readBody, refuseTooLarge } from './http-body.ts';
import { lambdaContext } from './lambda-context.ts';
import { logger } from './log.ts';
import { serveStatic } from './static-files.ts';

/** The portal binds to loopback unless HOST says otherwise (README, configuration). */
export const DEFAULT_HOST = '127.0.0.1';

/** The headers of every response, as CloudFront sends them on AWS; locally all of the SPA's traffic is same-origin. */
const RESPONSE_HEADERS: Record<string, string> = { ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy() };

export interface PortalServerOptions {
  port: number;
  /** The address to listen on; 127.0.0.1 by default. */
  host?: string;
  frontendDist: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** cognito-local, reached by the browser through `/cognito` on this same origin. */
  cognitoEndpoint: string;
  handleMqttUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/** JSON answers of the portal itself; brotli or gzip as the browser asks (as CloudFront would). */
const json = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) =>
  sendBody(req, res, status, { 'content-type': 'application/json; charset=utf-8' }, Buffer.from(JSON.stringify(body)));

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
    if (!found) return json(req, res, 404, { message: 'Not Found' });
    // The API's body limit, refused before a Lambda would see it, as API Gateway refuses above its own.
    const body = await readBody(req);
    if (!body) return refuseTooLarge(req, res);
    const event = toApiGatewayEvent(req, url, body, found.route, found.pathParameters);
    const handler = await handlerFor(found.route.module);
    const response = apiGatewayResponse((await handler(event, lambdaContext(found.route.module))) as never);
    sendBody(req, res, response.status, response.headers, response.body);
  }

  const proxyCognito = createCognitoProxy({ endpoint: options.cognitoEndpoint });
  const host = options.host ?? DEFAULT_HOST;
  const hostAllowed = hostHeaderCheck(host);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const done = (error: unknown) => {
      // A webhook URL may end in its secret (docs/webhooks.md): never into the log.
      const path = url.pathname.replace(/^(\/api\/hooks\/[^/]+\/[^/]+)\/[^/]+$/, '$1/…');
      logger.error(`${req.method} ${path} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) json(req, res, 500, { message: 'Internal server error' });
      else res.end();
    };
    try {
      for (const [name, value] of Object.entries(RESPONSE_HEADERS)) res.setHeader(name, value);
      if (!hostAllowed(req.headers.host)) return json(req, res, 421, { message: MISDIRECTED_MESSAGE });
      if (url.pathname === '/config.json') return json(req, res, 200, runtimeConfig(req));
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return void handleApi(req, res, url).catch(done);
      if (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/')) return void proxyCognito(req, res, url).catch(done);
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(req, res, 405, { message: 'Method Not Allowed' });
      serveStatic(options.frontendDist, url.pathname, res, req.headers['accept-encoding']);
    } catch (error) {
      done(error);
    }
  });
  const upgraded = new Set<Duplex>();
  upgradedSockets.set(server, upgraded);
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    if (hostAllowed(req.headers.host) && new URL(req.url ?? '/', 'http://localhost').pathname === '/mqtt') options.handleMqttUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  return server;
}

/** Each portal server's upgraded sockets (MQTT over WebSocket): no longer HTTP, closeAllConnections leaves them. */
const upgradedSockets = new WeakMap<Server, Set<Duplex>>();

/**
 * Stops the portal server: every connection closed, the upgraded ones too. `server.close()` waits
 * for every socket, and an open browser tab's MQTT WebSocket (the live updates, the watch emulator)
 * held the local runtime's Ctrl-C until the tab went away.
 */
export function stopPortalServer(server: Server): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
    for (const socket of upgradedSockets.get(server) ?? []) socket.destroy();
  });
}

const MISDIRECTED_MESSAGE = 'This portal answers only to localhost; set HOST to reach it under another name';
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', 'localhost']);
const LOOPBACK_NAMES = /^(localhost|[\w.-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * Bound to loopback, the portal answers only to loopback host names. A web page elsewhere can point
 * a name of its own at 127.0.0.1 (DNS rebinding) and would then be same-origin with the portal, free
 * to try the documented demo password on `/cognito/`; its requests carry that foreign name in
 * `Host`. Bound to another address (HOST), every name is accepted: the portal is meant to be reached.
 */
export function hostHeaderCheck(bindHost: string): (hostHeader: string | undefined) => boolean {
  if (!LOOPBACK_ADDRESSES.has(bindHost) && !bindHost.startsWith('127.')) return () => true;
  return (hostHeader) => hostHeader !== undefined && LOOPBACK_NAMES.test(hostHeader);
}
