/** The ID token's payload could not be read (spec 001 §8: 'Cannot parse auth token'). */
export class TokenParseError extends Error {
  override readonly name = 'TokenParseError';
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads (does not verify: the API does) the claims of a JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new TokenParseError('The token is not a JWT');
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    throw new TokenParseError('The token payload is not JSON');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new TokenParseError('The token payload is not an object');
  return payload as Record<string, unknown>;
}
