import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { routeKey, type RouteDefinition } from '@portal/shared/api/route-table';

const TEXT_TYPES = /^(application\/(json|.*\+json|x-www-form-urlencoded)|text\/)/i;

/** What the adapter needs of an HTTP request (a Node IncomingMessage fits, and so does a test's literal). */
export interface HttpRequestLike {
  method?: string;
  headers: IncomingHttpHeaders;
  httpVersion?: string;
  socket?: { remoteAddress?: string };
}

/** An HTTP request as API Gateway HTTP API (payload v2.0) hands it to a Lambda. */
export function toApiGatewayEvent(
  req: HttpRequestLike,
  url: URL,
  body: Buffer,
  route: Pick<RouteDefinition, 'method' | 'path'>,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // fromEntries defines own properties, so a key like `__proto__` arrives as API Gateway sends it.
  const query: Record<string, string> = Object.fromEntries([...new Set(url.searchParams.keys())].map((key) => [key, url.searchParams.getAll(key).join(',')]));
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || contentType === '' || TEXT_TYPES.test(contentType);
  const now = new Date();
  const key = routeKey(route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion ?? '1.1'}`,
        sourceIp: req.socket?.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: !isText,
  };
}

/** Writes a Lambda result the way API Gateway does, including its inference for non-objects. */
/** A handler's result as the HTTP response API Gateway makes of it. */
export function apiGatewayResponse(result: APIGatewayProxyResultV2): { status: number; headers: Record<string, string | string[]>; body?: Buffer } {
  if (typeof result === 'string' || typeof result !== 'object' || result === null || !('statusCode' in result)) {
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)) };
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined;
  return { status: result.statusCode ?? 200, headers, body };
}
