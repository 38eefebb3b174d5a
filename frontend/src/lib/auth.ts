import { useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { loadConfig } from './config.ts';
import { decodeJwtPayload } from './jwt.ts';
import { freshStoredIdToken, hasStoredSession } from './stored-session.ts';

/** Spec 001 §4: the token is unknown (still checking), absent (show sign-in) or present. */
export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

/** Sign-in did not finish (e.g. Cognito asks for a new password); the form reports it as a failure. */
export class SignInIncompleteError extends Error {
  override readonly name = 'SignInIncompleteError';

  constructor(readonly step: string) {
    super(`Sign-in needs another step: ${step}`);
  }
}

let status: AuthStatus = 'unknown';
const listeners = new Set<() => void>();
let runtimeConfig: RuntimeConfig | undefined;
let session: Promise<typeof import('./amplify-session.ts')> | undefined;

/** Amplify is configured when first needed (lib/amplify-session.ts); this keeps the configuration. */
export function configureAmplify(config: RuntimeConfig): void {
  runtimeConfig = config;
}

let configuring: Promise<void> | undefined;

/**
 * After a start whose configuration did not load: asks for it again. Sign-in waits for this answer
 * (and asks once more if it failed), so a form sent before the configuration arrived still signs in.
 */
export function retryConfiguration(): Promise<void> {
  configuring ??= loadConfig()
    .then(configureAmplify)
    .finally(() => {
      configuring = undefined;
    });
  return configuring;
}

async function amplifySession(): Promise<typeof import('./amplify-session.ts')> {
  if (!runtimeConfig) await retryConfiguration();
  const config = runtimeConfig;
  if (!config) throw new Error('configureAmplify was not called');
  session ??= import('./amplify-session.ts').then((loaded) => {
    loaded.configureSession(
      config,
      () => setStatus('signedIn'),
      () => setStatus('signedOut'),
    );
    return loaded;
  });
  return session;
}

/** Storage may be blocked (private modes): then Amplify is asked, as it knows what it could keep. */
function stored<T>(read: (clientId: string) => T, blocked: T): T {
  if (!runtimeConfig) return blocked;
  try {
    return read(runtimeConfig.userPoolClientId);
  } catch {
    return blocked;
  }
}

function setStatus(next: AuthStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of the status (read it with authStatus). */
export function subscribeAuthStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const authStatus = (): AuthStatus => status;

/** The status once the stored session has been read (signed in or out), for work that starts before any page renders. */
export function settledAuthStatus(): Promise<Exclude<AuthStatus, 'unknown'>> {
  return new Promise((resolve) => {
    if (status !== 'unknown') return resolve(status);
    const stop = subscribeAuthStatus(() => {
      if (status === 'unknown') return;
      stop();
      resolve(status);
    });
  });
}

export function useAuthStatus(): AuthStatus {
  return useSyncExternalStore(subscribeAuthStatus, authStatus);
}

/**
 * The current ID token; undefined when signed out. A fresh stored one is read without Amplify
 * (lib/stored-session.ts); when a refresh is due, Amplify loads and refreshes it.
 */
export async function getIdToken(): Promise<string | undefined> {
  const fresh = stored((clientId) => freshStoredIdToken(localStorage, clientId), undefined);
  if (fresh) return fresh;
  const { fetchAuthSession } = await amplifySession();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}

/** Reads the stored session once at start (Amplify only when a refresh is due) and follows its auth events afterwards. */
export function startAuthStatus(): void {
  if (!stored((clientId) => hasStoredSession(localStorage, clientId), true)) {
    setStatus('signedOut');
    return;
  }
  getIdToken().then(
    (token) => setStatus(token ? 'signedIn' : 'signedOut'),
    () => setStatus('signedOut'),
  );
}

/** cognito-local supports no SRP, so the password flow is used (the same on AWS, over TLS). */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  await amplifySession();
  const { signIn } = await import('./auth-flows.ts');
  const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (!result.isSignedIn) throw new SignInIncompleteError(result.nextStep.signInStep);
  setStatus('signedIn');
}

/** Ends the session locally; the route guards then send the user to /signin. */
export async function signOutUser(): Promise<void> {
  try {
    await amplifySession();
    const { signOut } = await import('./auth-flows.ts');
    await signOut();
  } finally {
    setStatus('signedOut');
  }
}

/**
 * The ID token's claims, undefined when signed out. Throws TokenParseError when the stored token
 * cannot be read (spec 001 §8: 'Failed to run the application. Cannot parse auth token!').
 */
export async function getIdTokenClaims(): Promise<Record<string, unknown> | undefined> {
  const token = await getIdToken();
  return token ? decodeJwtPayload(token) : undefined;
}

/** Logout (spec 000 §2, spec 001 §7): ends the session and clears local storage; guards go to /signin. */
export async function logOut(): Promise<void> {
  try {
    await signOutUser();
  } catch (error) {
    // The server-side revocation is best effort: the local session has ended (status is signedOut).
    console.warn('Sign-out did not finish cleanly', error);
  }
  try {
    localStorage.clear();
  } catch {
    // Storage may be blocked; nothing to clear then.
  }
}
