import { decodeJwtPayload } from './jwt.ts';

/**
 * Amplify Auth keeps the session in localStorage under `CognitoIdentityServiceProvider.{clientId}.
 * LastAuthUser` and `...{clientId}.{username}.{idToken|accessToken|clockDrift}`. A page reads the
 * ID token from there while it is fresh, so a signed-in page renders without Amplify; Amplify loads
 * when a refresh is due, on sign-in and on sign-out (lib/auth.ts, issue 12).
 */
const PREFIX = 'CognitoIdentityServiceProvider';

/**
 * Refresh this long before a token expires: more than Amplify's own 5 s, so a token sent is not
 * expired by the time the API reads it. Amplify, asked earlier than it would refresh, hands back
 * the same (still valid) token.
 */
export const REFRESH_MARGIN_MS = 60_000;

export type SessionStorage = Pick<Storage, 'getItem'>;

/** Whether Amplify has a signed-in user stored for this app client: without one the user is signed out. */
export function hasStoredSession(storage: SessionStorage, clientId: string): boolean {
  return storage.getItem(`${PREFIX}.${clientId}.LastAuthUser`) !== null;
}

function expiresAt(token: string): number | undefined {
  try {
    const { exp } = decodeJwtPayload(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The stored ID token when it and the access token are valid for at least REFRESH_MARGIN_MS more,
 * by Amplify's clock (its measured drift from the server's); undefined when a refresh is due or
 * there is nothing readable, and Amplify has to answer.
 */
export function freshStoredIdToken(storage: SessionStorage, clientId: string, now = Date.now()): string | undefined {
  const user = storage.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
  if (user === null) return undefined;
  const key = (name: string) => `${PREFIX}.${clientId}.${user}.${name}`;
  const idToken = storage.getItem(key('idToken'));
  const accessToken = storage.getItem(key('accessToken'));
  if (!idToken || !accessToken) return undefined;
  const drift = Number(storage.getItem(key('clockDrift')) ?? '0');
  const serverNow = now + (Number.isFinite(drift) ? drift : 0);
  const expiries = [expiresAt(idToken), expiresAt(accessToken)];
  return expiries.every((expiry) => expiry !== undefined && expiry - REFRESH_MARGIN_MS > serverNow) ? idToken : undefined;
}
