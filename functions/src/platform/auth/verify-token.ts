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
 * Tokens already verified, until their expiry. A client sends the same ID token with every request
 * for up to an hour; checking its RS256 signature each time was the largest part of the API's own
 * work on a list request after the DynamoDB reads (docs/performance.md, "List routes"). The key is
 * the whole token with the issuer and audience it was checked against, so a token with other bytes
 * (another signature) is verified afresh; the expiry is checked again at every use. Bounded, the
 * oldest entry leaving first.
 */
const verified = new Map<string, Readonly<JWTPayload>>();
const VERIFIED_MAX = 1000;

/**
 * Verifies a Cognito ID token against the pool's JWKS: signature, issuer, audience (the web client)
 * and expiry. ID tokens are used because they carry the organisation claim (the V1 pre-token
 * trigger can only customise ID tokens).
 */
export async function verifyIdToken(token: string): Promise<Readonly<JWTPayload>> {
  const issuer = env.cognitoIssuer;
  const audience = env.cognitoClientId;
  const key = `${issuer} ${audience} ${token}`;
  const known = verified.get(key);
  if (known && known.exp! * 1000 > Date.now()) return known;
  verified.delete(key);
  const { payload } = await jwtVerify(token, keySetFor(issuer), { issuer, audience, requiredClaims: ['exp'] });
  if (payload.token_use !== 'id') throw new Error('Not an ID token');
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(key, Object.freeze(payload));
  return payload;
}

/** Reachability of the key set, for the health route. */
export async function checkIdentityProvider(): Promise<void> {
  const response = await fetch(`${env.cognitoIssuer}/.well-known/jwks.json`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
}
