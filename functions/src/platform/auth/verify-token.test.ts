import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIdToken } from './verify-token.ts';

// A user pool of its own: a JWKS served over HTTP (jose fetches it as it fetches Cognito's), and a
// count of the fetches.
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let server: Server;
let jwksFetches = 0;
const pool = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(pool.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

beforeAll(async () => {
  server = createServer((_request, response) => {
    jwksFetches++;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.COGNITO_ISSUER = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool-${Date.now()}`;
  process.env.COGNITO_CLIENT_ID = 'web-client';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function idToken(claims: JWTPayload, options: { key?: KeyPair['privateKey']; expiresInSeconds?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'id', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(process.env.COGNITO_ISSUER!)
    .setAudience('web-client')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(options.key ?? pool.privateKey);
}

describe('verifyIdToken', () => {
  it("verifies a token of the pool, fetching the pool's keys once", async () => {
    const token = await idToken({ sub: 'user-1' });
    await expect(verifyIdToken(token)).resolves.toMatchObject({ sub: 'user-1', token_use: 'id', aud: 'web-client' });
    await expect(verifyIdToken(await idToken({ sub: 'user-1b' }))).resolves.toMatchObject({ sub: 'user-1b' });
    expect(jwksFetches).toBe(1);
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
