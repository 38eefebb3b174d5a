/**
 * Every HTTP call the soak makes, with its status and time, so the audit can tell a 5xx inside a
 * down window (the portal or DynamoDB Local killed, until it answers again) from one outside.
 * A refused connection (the portal down) is status 0.
 */
export interface HttpRecord {
  at: number;
  /** When the answer (or the failure) came. */
  endedAt: number;
  method: string;
  path: string;
  status: number;
}

export interface HttpLog {
  records: HttpRecord[];
  /** One call of the portal's API; answers the status and the parsed body (no throw). */
  call<T = unknown>(token: string | undefined, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
}

export function httpLog(portalUrl: string): HttpLog {
  const records: HttpRecord[] = [];
  return {
    records,
    async call(token, method, path, body, headers = {}) {
      const at = Date.now();
      try {
        const response = await fetch(`${portalUrl}/api${path}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        records.push({ at, endedAt: Date.now(), method, path, status: response.status });
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // Not JSON: kept as text.
        }
        return { status: response.status, body: parsed as never };
      } catch {
        records.push({ at, endedAt: Date.now(), method, path, status: 0 });
        return { status: 0, body: undefined as never };
      }
    },
  };
}
