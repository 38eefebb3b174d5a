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

/**
 * How long a soak caller keeps sending one request again (a webhook press, a manager's shift):
 * longer than the portal's restart on this machine (a start may take up to 180 s,
 * test/support/portal-process.ts). Sixty attempts a second apart gave up during the 10-minute
 * run's outages of 94 to 108 s (docs/reliability.md, runs 17 and 18).
 */
export const RETRY_WINDOW_MS = 240_000;

export function httpLog(portalUrl: string): HttpLog {
  const records: HttpRecord[] = [];
  return {
    records,
    async call(token, method, path, body, headers = {}) {
      const at = Date.now();
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      try {
        // Our own (ref'd) timer, not AbortSignal.timeout's: a call whose connection the portal's
        // kill cut off without an error reaching fetch settled never, and nothing held its unref'd
        // signal (the soak hung with no socket open and no timer to wake it, reliability.md, Open 8).
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(new Error('no answer in 30 s'));
          }, 30_000);
        });
        const exchange = (async () => {
          const response = await fetch(`${portalUrl}/api${path}`, {
            method,
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
            body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
            signal: controller.signal,
          });
          return { response, text: await response.text() };
        })();
        exchange.catch(() => undefined);
        const { response, text } = await Promise.race([exchange, timedOut]);
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
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
