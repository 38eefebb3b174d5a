import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { INPUT_ERROR, MAX_BODY_BYTES } from '@portal/shared/api/limits';
import { accountDigest, createCognitoProxy, REFUSED_MESSAGE } from '../../infra/local/cognito-proxy.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { signIn } from '../support/identity.ts';

const runtime = inject('runtime');
const TARGET = 'AWSCognitoIdentityProviderService.';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The local port of the client's socket: the same value twice means the connection was reused. */
  socketPort?: number;
}

/** Raw HTTP, to control the agent, the headers and a body sent without Content-Length. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: Agent; chunked?: boolean } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && !options.chunked) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = request(url, { method: options.method ?? 'GET', headers, agent: options.agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socketPort: req.socket?.localPort }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function cognitoCall(operation: string, body: unknown, url = `${runtime.url}/cognito/`) {
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}${operation}` },
    body: JSON.stringify(body),
  });
}

const passwordSignIn = (password: string, url?: string) =>
  cognitoCall(
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: runtime.userPoolClientId, AuthParameters: { USERNAME: DEMO_DEFAULTS.email, PASSWORD: password } },
    url,
  );

describe('the /cognito/ proxy', () => {
  it("refuses cognito-local's admin API with 403 and a JSON message", async () => {
    const listUsers = await cognitoCall('ListUsers', { UserPoolId: runtime.userPoolId });
    const takeOver = await cognitoCall('AdminSetUserPassword', {
      UserPoolId: runtime.userPoolId,
      Username: DEMO_DEFAULTS.email,
      Password: 'Taken-Over-1!',
      Permanent: true,
    });
    for (const refused of [listUsers, takeOver]) {
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).toContain('application/json');
      expect(JSON.parse(refused.body)).toEqual({ message: REFUSED_MESSAGE });
    }
    // Nor its other routes, nor a flow the SPA does not use.
    expect((await send(`${runtime.url}/cognito/health`)).status).toBe(403);
    expect((await send(`${runtime.url}/cognito/${runtime.userPoolId}/.well-known/jwks.json`)).status).toBe(403);
    const adminFlow = await cognitoCall('InitiateAuth', {
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      ClientId: runtime.userPoolClientId,
      AuthParameters: { USERNAME: DEMO_DEFAULTS.email, PASSWORD: DEMO_DEFAULTS.password },
    });
    expect(adminFlow.status).toBe(403);
    // The takeover did not happen: the demo password still signs in.
    expect((await passwordSignIn(DEMO_DEFAULTS.password)).status).toBe(200);
  });

  it('signs the browser in, without wildcard CORS, to tokens the API accepts', async () => {
    const answer = await passwordSignIn(DEMO_DEFAULTS.password);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const token = (JSON.parse(answer.body) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
    // The pre-token trigger's claim survives.
    expect(decodeJwt(token)['portal:orgs']).toEqual(expect.any(String));
    const organizations = await send(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${token}` } });
    expect(organizations.status).toBe(200);
  });

  it("refreshes a session with Amplify's GetTokensFromRefreshToken, to tokens the API accepts", async () => {
    const signIn = JSON.parse((await passwordSignIn(DEMO_DEFAULTS.password)).body) as { AuthenticationResult: { RefreshToken: string; IdToken: string } };
    const answer = await cognitoCall('GetTokensFromRefreshToken', { ClientId: runtime.userPoolClientId, RefreshToken: signIn.AuthenticationResult.RefreshToken });
    expect(answer.status).toBe(200);
    const { IdToken, AccessToken } = (JSON.parse(answer.body) as { AuthenticationResult: { IdToken: string; AccessToken: string } }).AuthenticationResult;
    expect(decodeJwt(AccessToken).iat).toEqual(expect.any(Number));
    expect(decodeJwt(IdToken)['portal:orgs']).toEqual(expect.any(String));
    const organizations = await send(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${IdToken}` } });
    expect(organizations.status).toBe(200);
    const garbled = await cognitoCall('GetTokensFromRefreshToken', { ClientId: runtime.userPoolClientId, RefreshToken: 'not-a-refresh-token' });
    expect(garbled.status).toBeGreaterThanOrEqual(400);
    expect(garbled.status).toBeLessThan(500);
  });

  it('logs a refused sign-in as sign_in_failed, naming the account by a digest and never the password', async () => {
    const securityEvent = vi.fn();
    const proxy = createCognitoProxy({ endpoint: runtime.cognitoEndpoint, securityEvent });
    const server = createServer((req, res) => void proxy(req, res, new URL(req.url ?? '/', 'http://localhost')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/cognito/`;
    try {
      const wrong = await passwordSignIn('Wrong-Password-1!', url);
      expect(wrong.status).toBe(400);
      const unknown = await cognitoCall(
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: runtime.userPoolClientId, AuthParameters: { USERNAME: 'Nobody@Demo.local', PASSWORD: 'Whatever-1!' } },
        url,
      );
      expect(unknown.status).toBe(400);
      expect((await passwordSignIn(DEMO_DEFAULTS.password, url)).status).toBe(200);

      expect(securityEvent).toHaveBeenCalledTimes(2);
      expect(securityEvent.mock.calls[0]).toEqual([
        'sign_in_failed',
        { actor: 'anonymous', target: `account:${accountDigest(DEMO_DEFAULTS.email)}`, outcome: 'failed', detail: expect.stringMatching(/^USER_PASSWORD_AUTH: \w+Exception$/) },
      ]);
      expect(securityEvent.mock.calls[1]![1].target).toBe(`account:${accountDigest('nobody@demo.local')}`);
      const logged = JSON.stringify(securityEvent.mock.calls);
      expect(logged).not.toContain('Wrong-Password-1!');
      expect(logged).not.toContain(DEMO_DEFAULTS.email);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("tokens signed with cognito-local's published package key", () => {
  it('are refused by the API; only the data directory key signs', async () => {
    const genuine = await signIn(DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
    const packageKeyFile = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    const packageKey = createPrivateKey((JSON.parse(readFileSync(packageKeyFile, 'utf8')) as { pem: string }).pem);
    const forged = await new SignJWT(decodeJwt(genuine)).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(packageKey);

    const withForged = await send(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${forged}` } });
    expect(withForged.status).toBe(401);
    const withGenuine = await send(`${runtime.url}/api/organizations`, { headers: { authorization: `Bearer ${genuine}` } });
    expect(withGenuine.status).toBe(200);

    const packagePublic = JSON.parse(readFileSync(packageKeyFile.replace('private', 'public'), 'utf8')) as { jwk: { n: string } };
    const served = (await (await fetch(`${runtime.issuer}/.well-known/jwks.json`)).json()) as { keys: Array<{ n: string }> };
    expect(served.keys).toHaveLength(1);
    expect(served.keys[0]!.n).not.toBe(packagePublic.jwk.n);
  });
});

describe('request bodies over the limit', () => {
  let agent: Agent;
  beforeAll(() => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(() => agent.destroy());

  it('are answered 413 and the keep-alive connection carries the next request', async () => {
    const first = await send(`${runtime.url}/api/health`, { agent });
    const large = await send(`${runtime.url}/api/signup`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(1_000_000, 'a'),
    });
    const next = await send(`${runtime.url}/api/health`, { agent });

    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toEqual({ message: INPUT_ERROR.tooLarge.message, code: INPUT_ERROR.tooLarge.code });
    expect(next.status).toBe(200);
    expect(first.socketPort).toEqual(expect.any(Number));
    expect(new Set([first.socketPort, large.socketPort, next.socketPort]).size).toBe(1);
  });

  it('are refused when they come without a Content-Length too, and one at the limit passes on', async () => {
    const chunked = await send(`${runtime.url}/api/signup`, {
      method: 'POST',
      agent,
      chunked: true,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(MAX_BODY_BYTES + 1, 'a'),
    });
    expect(chunked.status).toBe(413);
    // At the limit the body reaches the API, which answers for itself.
    const atLimit = await send(`${runtime.url}/api/signup`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(MAX_BODY_BYTES, ' '),
    });
    expect(atLimit.status).not.toBe(413);
    expect((await send(`${runtime.url}/api/health`, { agent })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('come with the SPA, the API and /config.json', async () => {
    for (const path of ['/', '/signin', '/config.json', '/api/health', '/api/organizations', '/api/nothing-here']) {
      const { headers } = await send(`${runtime.url}${path}`);
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  });
});

describe('what listens where', () => {
  const port = (url: string) => Number(new URL(url).port);

  it('answers only to loopback host names (no DNS rebinding onto the portal)', async () => {
    const rebound = await send(`${runtime.url}/config.json`, { headers: { host: `attacker.example:${runtime.port}` } });
    expect(rebound.status).toBe(421);
    expect((await send(`${runtime.url}/config.json`, { headers: { host: `127.0.0.1:${runtime.port}` } })).status).toBe(200);
  });

  // This machine's first address that is not loopback; none, and there is nothing to reach from outside.
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

  it.skipIf(!outside)('DynamoDB Local, cognito-local, the MQTT port and the portal refuse connections to another address', async () => {
    const ports = {
      dynamodb: port(runtime.dynamoDbEndpoint),
      cognito: port(runtime.cognitoEndpoint),
      mqtt: port(runtime.mqttTcpUrl),
      portal: runtime.port,
    };
    for (const [name, number] of Object.entries(ports)) {
      expect(await reachable('127.0.0.1', number), `${name} on loopback`).toBe(true);
      expect(await reachable(outside!, number), `${name} on ${outside}`).toBe(false);
    }
  });
});

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
