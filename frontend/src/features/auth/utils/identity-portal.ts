/**
 * Where to send the browser after a migration password change: the identity portal URL from the
 * API when it is an http(s) URL (relative ones resolve against the app), else `fallback`. Anything
 * else (e.g. `javascript:`) must never reach window.location.
 */
export function identityPortalTarget(url: unknown, base: string, fallback: string): string {
  if (typeof url !== 'string' || !url.trim()) return fallback;
  try {
    const target = new URL(url.trim(), base);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : fallback;
  } catch {
    return fallback;
  }
}
