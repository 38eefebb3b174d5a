/**
 * What the entry needs of the API client without its route table (issue 30): the error a failed
 * answer throws, and the URL of an API path under the configured base.
 */

/** A non-2xx answer; `serverMessage` is the server's `{ message }`, shown to the user when present. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body: unknown,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
  }

  /** The server's stable code of its message (`users.notFound`, `body_too_large`, ...; decision 0017), for translation. */
  get code(): string | undefined {
    const body = this.body;
    return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  }
}

/** Route paths start with '/api'; the configured base URL stands for that prefix. */
export function joinApiUrl(baseUrl: string, path: string): string {
  const rest = path === '/api' || path.startsWith('/api/') ? path.slice('/api'.length) : path;
  return `${baseUrl.replace(/\/+$/, '')}${rest}`;
}
