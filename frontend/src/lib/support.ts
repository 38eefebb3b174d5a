/**
 * Where users report issues and write to support. The specs name no address; this is the
 * product's default, to be moved to the runtime configuration when operators need their own.
 */
export const SUPPORT_EMAIL = 'support@staff-portal.example';

/** A mailto: link with the subject and body encoded (spaces as %20, which mail apps expect). */
export function supportMailto(subject?: string, body?: string, to = SUPPORT_EMAIL): string {
  const query = [
    subject ? `subject=${encodeURIComponent(subject)}` : '',
    body ? `body=${encodeURIComponent(body)}` : '',
  ].filter(Boolean);
  return `mailto:${to}${query.length ? `?${query.join('&')}` : ''}`;
}
