import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { env } from '../config.ts';
import { TokenError } from './token-error.ts';

/** A verified token's claims: the registered ones typed, any other as it came. */
export interface JWTPayload {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  nbf?: number;
  iat?: number;
  [claim: string]: unknown;
}

/**
 * The signature algorithms a pool's key set can verify: Cognito signs with RS256; the rest of the
 * RSA and EC ones verify as jose verified them. A key is used for an algorithm only if its type
 * (and curve) fits it.
 */
const ALGORITHMS: Record<string, { kty: 'RSA' | 'EC'; hash: string; pss?: true; crv?: string }> = {
  RS256: { kty: 'RSA', hash: 'sha256' },
  RS384: { kty: 'RSA', hash: 'sha384' },
  RS512: { kty: 'RSA', hash: 'sha512' },
  PS256: { kty: 'RSA', hash: 'sha256', pss: true },
  PS384: { kty: 'RSA', hash: 'sha384', pss: true },
  PS512: { kty: 'RSA', hash: 'sha512', pss: true },
  ES256: { kty: 'EC', hash: 'sha256', crv: 'P-256' },
  ES384: { kty: 'EC', hash: 'sha384', crv: 'P-384' },
  ES512: { kty: 'EC', hash: 'sha512', crv: 'P-521' },
};
type Algorithm = (typeof ALGORITHMS)[string];

/** The key set's fetch gives up after this; a set is read again after CACHE_MAX_AGE, and for an unknown key once COOLDOWN has passed since the last read (jose's defaults). */
const FETCH_TIMEOUT_MS = 5_000;
const COOLDOWN_MS = 30_000;
const CACHE_MAX_AGE_MS = 600_000;

interface KeySet {
  url: string;
  keys?: JsonWebKey[];
  readAt: number;
  /** Each key as imported, on first use. */
  imported: WeakMap<JsonWebKey, KeyObject>;
  reading?: Promise<void>;
}

/** One key set per issuer, read on the first token and kept (refetched only when stale or on an unknown `kid`). */
const keySets = new Map<string, KeySet>();

const isObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === null || prototype === Object.prototype;
};
const fresh = (since: number, duration: number) => Date.now() < since + duration;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A base64url part of the token as JSON: only the alphabet's characters, UTF-8, an object. */
function jsonPart(part: string, error: () => TokenError): Record<string, unknown> {
  if (!/^[\w-]*$/.test(part)) throw error();
  try {
    const value = JSON.parse(utf8.decode(Buffer.from(part, 'base64url'))) as unknown;
    if (isObject(value)) return value;
  } catch {
    // Falls through to the part's own error.
  }
  throw error();
}

async function fetchKeys(url: string): Promise<JsonWebKey[]> {
  const response = await fetch(url, {
    redirect: 'manual',
    headers: { accept: 'application/json, application/jwk-set+json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch((error: Error) => {
    throw error.name === 'TimeoutError' ? new TokenError('ERR_JWKS_TIMEOUT', 'request timed out', { cause: error }) : error;
  });
  if (response.status !== 200) throw new TokenError('ERR_JOSE_GENERIC', 'Expected 200 OK from the JSON Web Key Set HTTP response');
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new TokenError('ERR_JOSE_GENERIC', 'Failed to parse the JSON Web Key Set HTTP response as JSON', { cause });
  }
  if (!isObject(body) || !Array.isArray(body.keys) || !body.keys.every(isObject)) throw new TokenError('ERR_JWKS_INVALID', 'JSON Web Key Set malformed');
  return body.keys as JsonWebKey[];
}

/** Reads the set again; callers at the same time wait for the one read. */
function reread(set: KeySet): Promise<void> {
  set.reading ??= fetchKeys(set.url)
    .then((keys) => {
      set.keys = keys;
      set.readAt = Date.now();
      set.imported = new WeakMap();
    })
    .finally(() => {
      set.reading = undefined;
    });
  return set.reading;
}

/** The one key of the set that may verify `alg` with the header's `kid`: of the algorithm's type, for signatures, public. */
function matchingKey(set: KeySet, alg: string, algorithm: Algorithm, kid: unknown): KeyObject {
  const candidates = (set.keys ?? []).filter(
    (jwk) =>
      jwk.kty === algorithm.kty &&
      (algorithm.crv === undefined || jwk.crv === algorithm.crv) &&
      (kid === undefined || (typeof kid === 'string' && kid === jwk.kid)) &&
      (jwk.alg === undefined || jwk.alg === alg) &&
      (jwk.use === undefined || jwk.use === 'sig') &&
      (jwk.key_ops === undefined || (Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify'))) &&
      (jwk.ext === undefined || typeof jwk.ext === 'boolean'),
  );
  const [jwk] = candidates;
  if (!jwk) throw new TokenError('ERR_JWKS_NO_MATCHING_KEY', 'no applicable key found in the JSON Web Key Set');
  if (candidates.length > 1) throw new TokenError('ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'multiple matching keys found in the JSON Web Key Set');
  let key = set.imported.get(jwk);
  if (!key) {
    if (jwk.d !== undefined) throw new TokenError('ERR_JWKS_INVALID', 'JSON Web Key Set members must be public keys');
    key = createPublicKey({ key: jwk, format: 'jwk' });
    set.imported.set(jwk, key);
  }
  return key;
}

async function keyFor(issuer: string, alg: string, algorithm: Algorithm, kid: unknown): Promise<KeyObject> {
  let set = keySets.get(issuer);
  if (!set) {
    set = { url: `${issuer}/.well-known/jwks.json`, readAt: Number.NaN, imported: new WeakMap() };
    keySets.set(issuer, set);
  }
  if (!set.keys || !fresh(set.readAt, CACHE_MAX_AGE_MS)) await reread(set);
  try {
    return matchingKey(set, alg, algorithm, kid);
  } catch (error) {
    // A key the set did not have when it was read (a rotation): read it again, at most once per cooldown.
    if (!(error instanceof TokenError && error.code === 'ERR_JWKS_NO_MATCHING_KEY') || fresh(set.readAt, COOLDOWN_MS)) throw error;
    await reread(set);
    return matchingKey(set, alg, algorithm, kid);
  }
}

/** The claims' checks: issuer, audience and expiry present, the issuer and audience these, `nbf` and `exp` around now. */
function checkClaims(claims: Record<string, unknown>, issuer: string, audience: string): JWTPayload {
  const refused = (message: string) => new TokenError('ERR_JWT_CLAIM_VALIDATION_FAILED', message);
  for (const claim of ['iss', 'aud', 'exp']) if (!Object.hasOwn(claims, claim)) throw refused(`missing required "${claim}" claim`);
  if (claims.iss !== issuer) throw refused('unexpected "iss" claim value');
  const { aud } = claims;
  if (!(typeof aud === 'string' ? aud === audience : Array.isArray(aud) && aud.includes(audience))) throw refused('unexpected "aud" claim value');
  for (const claim of ['iat', 'nbf', 'exp']) {
    if (claims[claim] !== undefined && typeof claims[claim] !== 'number') throw refused(`"${claim}" claim must be a number`);
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.nbf === 'number' && claims.nbf > now) throw refused('"nbf" claim timestamp check failed');
  if ((claims.exp as number) <= now) throw new TokenError('ERR_JWT_EXPIRED', '"exp" claim timestamp check failed');
  return claims;
}

/**
 * Verifies a Cognito ID token against the pool's JWKS: signature, issuer, audience (the web client)
 * and expiry (required). ID tokens are used because they carry the organisation claim (the V1 pre-token
 * trigger can only customise ID tokens). With node:crypto, as the jose library did it (its checks,
 * messages and key-set caching; docs/performance.md, "Lambda bundles"): a refusal is a TokenError.
 */
export async function verifyIdToken(token: string): Promise<JWTPayload> {
  const issuer = env.cognitoIssuer;
  const audience = env.cognitoClientId;
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('ERR_JWS_INVALID', 'Invalid Compact JWS');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = jsonPart(encodedHeader, () => new TokenError('ERR_JWS_INVALID', 'JWS Protected Header is invalid'));
  // No extension Cognito does not use: critical parameters, or an unencoded payload (never a JWT's).
  if (header.crit !== undefined) throw new TokenError('ERR_JOSE_NOT_SUPPORTED', 'Extension Header Parameters are not supported');
  if (header.b64 !== undefined && header.b64 !== true) throw new TokenError('ERR_JWT_INVALID', 'JWTs MUST NOT use unencoded payload');
  const { alg } = header;
  if (typeof alg !== 'string' || !alg) throw new TokenError('ERR_JWS_INVALID', 'JWS "alg" (Algorithm) Header Parameter missing or invalid');
  const algorithm = Object.hasOwn(ALGORITHMS, alg) ? ALGORITHMS[alg] : undefined;
  if (!algorithm) throw new TokenError('ERR_JOSE_NOT_SUPPORTED', 'Unsupported "alg" value for a JSON Web Key Set');
  const key = await keyFor(issuer, alg, algorithm, header.kid);
  if (algorithm.kty === 'RSA' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new TypeError(`${alg} requires key modulusLength to be 2048 bits or larger`);
  if (!/^[\w-]*$/.test(encodedSignature)) throw new TokenError('ERR_JWS_INVALID', 'Failed to base64url decode the signature');
  const verifier = algorithm.kty === 'EC' ? { key, dsaEncoding: 'ieee-p1363' as const } : algorithm.pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST } : key;
  let verified: boolean;
  try {
    verified = verify(algorithm.hash, Buffer.from(`${encodedHeader}.${encodedPayload}`), verifier, Buffer.from(encodedSignature, 'base64url'));
  } catch (cause) {
    throw new TokenError('ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'signature verification failed', { cause });
  }
  if (!verified) throw new TokenError('ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'signature verification failed');
  const claims = jsonPart(encodedPayload, () => new TokenError('ERR_JWT_INVALID', 'JWT Claims Set must be a top-level JSON object'));
  // A token without an expiry would be valid forever: Cognito's always carry one.
  const payload = checkClaims(claims, issuer, audience);
  if (payload.token_use !== 'id') throw new Error('Not an ID token');
  return payload;
}

/** Reachability of the key set, for the health route. */
export async function checkIdentityProvider(): Promise<void> {
  const response = await fetch(`${env.cognitoIssuer}/.well-known/jwks.json`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
}
