import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { createCognitoProxy } from '../../../infra/local/cognito-proxy.ts';
import { serveStatic } from '../../../infra/local/static-files.ts';
import type { createHttpApi } from './http-api.ts';

export interface SiteOptions {
  api: ReturnType<typeof createHttpApi>;
  /** What CloudFront adds to each request for `/api/*` (the origin secret; cloudfront-origin.ts), over the viewer's own. */
  apiHeaders?: Record<string, string>;
  frontendDist?: string;
  cognitoEndpoint: string;
  handleMqttUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  config: (host: string) => RuntimeConfig;
  /** `GET /__harness/report`: the run's report so far, for the tests in their own processes (loopback only, like the rest). */
  report: () => unknown;
}

/**
 * What CloudFront serves on AWS, on the harness's one port: `/api/*` to the template's HTTP API
 * with the distribution's origin headers (a direct call to the API, `api.handle`, has none),
 * `/config.json` naming the emulated endpoints, the built SPA when there is one; and, as the local
 * runtime does, `/cognito/` (the browser's sign-in calls) and MQTT over WebSocket on `/mqtt`.
 */
export function serveSite(server: Server, options: SiteOptions): void {
  const proxyCognito = createCognitoProxy({ endpoint: options.cognitoEndpoint });
  const spa = options.frontendDist && existsSync(options.frontendDist) ? options.frontendDist : undefined;
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const failed = (error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
      else res.end();
    };
    if (url.pathname === '/__harness/report') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(options.report()));
    if (url.pathname.startsWith('/api/')) {
      Object.assign(req.headers, options.apiHeaders);
      return void options.api.handle(req, res, url).catch(failed);
    }
    if (url.pathname === '/config.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(options.config(req.headers.host ?? 'localhost')));
    if (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/')) return void proxyCognito(req, res, url).catch(failed);
    if (!spa || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404).end();
    serveStatic(spa, url.pathname, res, req.headers['accept-encoding']);
  });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname === '/mqtt') options.handleMqttUpgrade(req, socket, head);
    else socket.destroy();
  });
}
