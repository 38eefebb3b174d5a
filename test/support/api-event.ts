import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ROUTES } from '@portal/shared/api/route-table';
import { createRouteMatcher } from '@portal/shared/api/route-path';
import { toApiGatewayEvent } from '../../infra/local/api-gateway-event.ts';

const match = createRouteMatcher(ROUTES);

export interface ApiRequest {
  token?: string;
  /** An object is sent as JSON; a string is sent as it is (e.g. to send broken JSON). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The API Gateway v2 event the deployed API would hand the handler for this request. */
export function apiEvent(method: string, path: string, request: ApiRequest = {}): APIGatewayProxyEventV2 {
  const url = new URL(path, 'http://localhost');
  const found = match(method, url.pathname);
  if (!found) throw new Error(`No route for ${method} ${url.pathname}`);
  const body =
    request.body === undefined ? Buffer.alloc(0) : Buffer.from(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
  const headers: Record<string, string> = { 'content-type': 'application/json', ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  return toApiGatewayEvent({ method, headers }, url, body, found.route, found.pathParameters);
}
