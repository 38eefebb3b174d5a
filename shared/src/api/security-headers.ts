/**
 * The HTTP security headers of every response (docs/security.md, "HTTP security headers"). On AWS
 * CloudFront's response headers policy sends them; on one machine the local portal server does.
 * One list, so the two cannot drift apart.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  /** For browsers without CSP frame-ancestors; the CSP below says the same. */
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  /** Browsers ignore it over plain http (the local runtime); on AWS everything is https. */
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
} as const;

export interface ContentSecurityPolicyOptions {
  /**
   * Origins the SPA talks to besides its own: Cognito's endpoint and the IoT WebSocket endpoint on
   * AWS. Locally everything is on the portal's one origin ('self' also covers ws: to it).
   */
  connectSrc?: readonly string[];
}

/**
 * The SPA's Content-Security-Policy: scripts, styles and everything else only from its own origin
 * (workers also from blob: URLs the SPA's own scripts make). No 'unsafe-inline' for styles: React sets `style` props through the CSSOM, which CSP does not
 * govern, and the app injects no <style> elements (Amplify UI's ThemeProvider gets no theme).
 */
export function contentSecurityPolicy({ connectSrc = [] }: ContentSecurityPolicyOptions = {}): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...connectSrc]],
    // mqtt.js (the watch emulator) keeps its keep-alive timers in a Worker made from a blob: URL,
    // so background tabs do not throttle them; without it the broker drops the connection.
    ['worker-src', ["'self'", 'blob:']],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
