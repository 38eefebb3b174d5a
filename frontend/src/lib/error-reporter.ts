import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PATH, type ClientErrorKind } from '@portal/shared/client-errors/client-error-limits';
import type { ClientErrorReport } from '@portal/shared/client-errors/client-error.schema';
import { joinApiUrl } from './api-url.ts';
import { getConfig } from './config.ts';
import { getIdToken } from './auth.ts';

/** Reports per page load, whatever happens: a render loop must not turn into a request loop. */
export const MAX_REPORTS_PER_PAGE = 10;

const clip = (text: string | undefined, max: number) => (text && text.length > max ? text.slice(0, max) : text);

/** Message and stack of anything thrown or rejected (an Error, a string, an object). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The first path segment when it names an organisation (`/{orgId}/...`); the server keeps it only if the token does too. */
const orgIdOf = (path: string) => /^\/([A-Za-z0-9_-]{8,128})(?:\/|$)/.exec(path)?.[1];

/** The report the API takes (POST /api/client-errors, decision 0018), every field within its limit. */
export function buildReport(kind: ClientErrorKind, error: unknown, page: { path: string; userAgent: string; release?: string }): ClientErrorReport {
  const { message, stack } = describeError(error);
  const orgId = orgIdOf(page.path);
  return {
    kind,
    message: clip(message || 'Unknown error', CLIENT_ERROR_LIMITS.message)!,
    ...(stack ? { stack: clip(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    path: clip(page.path || '/', CLIENT_ERROR_LIMITS.path)!,
    ...(page.release ? { release: clip(page.release, CLIENT_ERROR_LIMITS.release) } : {}),
    user_agent: clip(page.userAgent, CLIENT_ERROR_LIMITS.userAgent),
    ...(orgId ? { org_id: orgId } : {}),
  };
}

/**
 * A reporter for one page load: each distinct error (kind, message, path) is sent once, and at most
 * MAX_REPORTS_PER_PAGE in all. Sending never throws: a report that fails is dropped.
 */
export function createErrorReporter(send: (report: ClientErrorReport) => Promise<unknown>, page: () => { path: string; userAgent: string; release?: string }) {
  const seen = new Set<string>();
  return (kind: ClientErrorKind, error: unknown): void => {
    if (seen.size >= MAX_REPORTS_PER_PAGE) return;
    const report = buildReport(kind, error, page());
    const key = `${report.kind}\n${report.message}\n${report.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    send(report).catch(() => undefined);
  };
}

/** The build, by the content-hashed name of the entry script Vite wrote (`index-3f9a1c.js`). */
function release(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script?.src.split('/').pop() || undefined;
}

/** POST with the session's token when there is one; keepalive so a report survives a reload. */
async function post(report: ClientErrorReport): Promise<void> {
  const token = await getIdToken().catch(() => undefined);
  await fetch(joinApiUrl(getConfig().apiBaseUrl, CLIENT_ERRORS_PATH), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(report),
    keepalive: true,
  });
}

/** The app's reporter: error pages call it once each (app/errors/error-screen.tsx). */
export const reportError = createErrorReporter(post, () => ({ path: window.location.pathname, userAgent: navigator.userAgent, release: release() }));

let started = false;

/** Reports uncaught errors and unhandled rejections of the window from now on (main.tsx, after the configuration loads). */
export function startErrorReporting(): void {
  if (started) return;
  started = true;
  window.addEventListener('error', (event) => reportError('uncaught', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError('unhandledrejection', event.reason));
}
