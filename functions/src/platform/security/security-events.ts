import { logger } from '../logger.ts';

/**
 * Security events (docs/security.md lists them). One structured line each, with a fixed shape so
 * that a CloudWatch metric filter or a SIEM can match on `security_event`. Never a secret: callers
 * pass ids and outcomes, never passwords, tokens or PINs.
 */
export const SECURITY_EVENTS = [
  'sign_in_failed',
  'request_refused',
  'cross_organization_attempt',
  'access_level_changed',
  'credentials_changed',
  'email_changed',
  'identity_takeover_refused',
  'device_token_issued',
  'device_token_rotated',
  'broker_connect_refused',
  'webhook_refused',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

export interface SecurityEvent {
  /** The caller's user id (sub), a device id, or 'anonymous'. */
  actor: string;
  /** The organisation the request named, when there is one. */
  orgId?: string;
  /** What the request acted on: a user id, a device id, a route key. */
  target?: string;
  outcome: 'allowed' | 'refused' | 'failed';
  /** A short, secret-free reason or detail (e.g. `from employee to admin`). */
  detail?: string;
}

export function securityEvent(name: SecurityEventName, event: SecurityEvent): void {
  const line = { security_event: name, ...event };
  if (event.outcome === 'allowed') logger.info(`security: ${name}`, line);
  else logger.warn(`security: ${name}`, line);
}
