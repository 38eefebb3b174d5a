import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenError, isTokenRefusal } from './token-error.ts';
import { verifyIdToken } from './verify-token.ts';

// A user pool of its own: a JWKS served over HTTP (jose fetches it as it fetches Cognito's), and a
// count of the fetches.
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let server: Server;
let jwksFetches = 0;
const pool = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(pool.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
/** The pool's keys as served; a rotation adds one. A path with `malformed` in it serves no key set. */
const servedKeys: object[] = [jwk];

beforeAll(async () => {
  server = createServer((_request, response) => {
    jwksFetches++;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(_request.url?.includes('malformed') ? { keys: 'none' } : { keys: servedKeys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.COGNITO_ISSUER = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool-${Date.now()}`;
  process.env.COGNITO_CLIENT_ID = 'web-client';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function idToken(claims: JWTPayload, options: { key?: KeyPair['privateKey']; kid?: string; expiresInSeconds?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'id', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key' })
    .setIssuer(process.env.COGNITO_ISSUER!)
    .setAudience('web-client')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(options.key ?? pool.privateKey);
}

describe('verifyIdToken', () => {
  it("verifies a token of the pool, fetching the pool's keys once", async () => {
    // An issuer no other test reads (the key sets are kept per issuer), so the count holds in any order.
    const issuer = process.env.COGNITO_ISSUER!;
    process.env.COGNITO_ISSUER = `${issuer}-first-read`;
    const fetchesBefore = jwksFetches;
    try {
      const token = await idToken({ sub: 'user-1' });
      await expect(verifyIdToken(token)).resolves.toMatchObject({ sub: 'user-1', token_use: 'id', aud: 'web-client' });
      await expect(verifyIdToken(await idToken({ sub: 'user-1b' }))).resolves.toMatchObject({ sub: 'user-1b' });
      expect(jwksFetches).toBe(fetchesBefore + 1);
    } finally {
      process.env.COGNITO_ISSUER = issuer;
    }
  });

  it('refuses a token with the same claims signed by another key, after the genuine one was accepted', async () => {
    const genuine = await idToken({ sub: 'user-2' });
    await verifyIdToken(genuine);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await idToken({ sub: 'user-2' }, { key: privateKey });
    await expect(verifyIdToken(forged)).rejects.toThrow(/signature/);
  });

  it('refuses a token once it has expired, although it was accepted before', async () => {
    const token = await idToken({ sub: 'user-3' }, { expiresInSeconds: 2 });
    await expect(verifyIdToken(token)).resolves.toMatchObject({ sub: 'user-3' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expect(verifyIdToken(token)).rejects.toThrow(/exp/);
  });

  it('refuses an access token, another audience and a token without expiry', async () => {
    await expect(verifyIdToken(await idToken({ sub: 'user-4', token_use: 'access' }))).rejects.toThrow('Not an ID token');
    const otherAudience = await new SignJWT({ token_use: 'id', sub: 'user-4' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(process.env.COGNITO_ISSUER!)
      .setAudience('another-client')
      .setExpirationTime('1h')
      .sign(pool.privateKey);
    await expect(verifyIdToken(otherAudience)).rejects.toThrow(/aud/);
    const forever = await new SignJWT({ token_use: 'id', sub: 'user-4' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(process.env.COGNITO_ISSUER!)
      .setAudience('web-client')
      .sign(pool.privateKey);
    await expect(verifyIdToken(forever)).rejects.toThrow(/exp/);
  });
});

describe('verifyIdToken, as jose verified (the codes its errors had)', () => {
  afterEach(() => vi.useRealTimers());
  const refusal = async (token: string) => {
    const error = await verifyIdToken(token).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenError);
    return error as TokenError;
  };

  it('refuses what is no signed JWT, before asking for any key', async () => {
    const fetchesBefore = jwksFetches;
    expect((await refusal('a.b')).code).toBe('ERR_JWS_INVALID');
    expect((await refusal('!!.e30.x')).code).toBe('ERR_JWS_INVALID');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    expect((await refusal(unsigned)).code).toBe('ERR_JOSE_NOT_SUPPORTED');
    const hmac = `${Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'test-key' })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.c2ln`;
    expect((await refusal(hmac)).code).toBe('ERR_JOSE_NOT_SUPPORTED');
    expect(jwksFetches).toBe(fetchesBefore);
  });

  it('reads the key set again for an unknown key (a rotation), at most once in 30 seconds', async () => {
    const token = await idToken({ sub: 'user-5' });
    await verifyIdToken(token);
    const rotated = await generateKeyPair('RS256');
    servedKeys.push({ ...(await exportJWK(rotated.publicKey)), kid: 'rotated-key', alg: 'RS256', use: 'sig' });
    const fetchesBefore = jwksFetches;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const signedWithRotated = await idToken({ sub: 'user-5' }, { key: rotated.privateKey, kid: 'rotated-key' });
    await expect(verifyIdToken(signedWithRotated)).resolves.toMatchObject({ sub: 'user-5' });
    expect(jwksFetches).toBe(fetchesBefore + 1);
    // Within the cooldown an unknown key is refused without another read.
    const unknown = await idToken({ sub: 'user-5' }, { kid: 'never-published' });
    const error = await refusal(unknown);
    expect([error.code, isTokenRefusal(error)]).toEqual(['ERR_JWKS_NO_MATCHING_KEY', true]);
    expect(jwksFetches).toBe(fetchesBefore + 1);
  });

  it("counts a malformed key set as the key set's failure, not the token's", async () => {
    const issuer = process.env.COGNITO_ISSUER!;
    process.env.COGNITO_ISSUER = `${issuer}-malformed`;
    try {
      const error = await refusal(await idToken({ sub: 'user-6', iss: `${issuer}-malformed` }));
      expect([error.code, isTokenRefusal(error)]).toEqual(['ERR_JWKS_INVALID', false]);
    } finally {
      process.env.COGNITO_ISSUER = issuer;
    }
  });

  it('refuses a token whose expiry is no number, and one not valid yet', async () => {
    expect((await refusal(await idToken({ sub: 'user-7', nbf: Math.floor(Date.now() / 1000) + 600 }))).message).toBe('"nbf" claim timestamp check failed');
    const textExpiry = await new SignJWT({ token_use: 'id', sub: 'user-7', exp: 'tomorrow' } as unknown as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(process.env.COGNITO_ISSUER!)
      .setAudience('web-client')
      .sign(pool.privateKey);
    expect((await refusal(textExpiry)).message).toBe('"exp" claim must be a number');
  });
});
