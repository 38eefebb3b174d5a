import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { env } from '../config.ts';

/** One key set per issuer, cached by jose (keys are refetched only on an unknown `kid`). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetFor(issuer: string) {
  let keySet = keySets.get(issuer);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    keySets.set(issuer, keySet);
  }
  return keySet;
}

/**
 * Verifies a Cognito ID token against the pool's JWKS: signature, issuer, audience (the web client)
 * and expiry (required). ID tokens are used because they carry the organisation claim (the V1 pre-token
 * trigger can only customise ID tokens).
 */
export async function verifyIdToken(token: string): Promise<JWTPayload> {
  const issuer = env.cognitoIssuer;
  // A token without an expiry would be valid forever: Cognito's always carry one.
  const { payload } = await jwtVerify(token, keySetFor(issuer), { issuer, audience: env.cognitoClientId, requiredClaims: ['exp'] });
  if (payload.token_use !== 'id') throw new Error('Not an ID token');
  return payload;
}

/** Reachability of the key set, for the health route. */
export async function checkIdentityProvider(): Promise<void> {
  const response = await fetch(`${env.cognitoIssuer}/.well-known/jwks.json`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
}
