import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * no-store: an answer is for its caller only, never kept by a browser or a shared cache (on AWS
 * CloudFront's API cache policy caches nothing that says so; decision 0023).
 */
const NO_STORE = { 'cache-control': 'no-store' } as const;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
    body: JSON.stringify(body),
  };
}

export const ok = (body: unknown) => json(200, body);
export const created = (body: unknown) => json(201, body);
/** 202: taken on, finished in the background (a send's delivery queue). */
export const accepted = (body: unknown) => json(202, body);

/** 204: no body at all, as HTTP requires. */
export const noContent = (): APIGatewayProxyStructuredResultV2 => ({ statusCode: 204, headers: { ...NO_STORE } });
