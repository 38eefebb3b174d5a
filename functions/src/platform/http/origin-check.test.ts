import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { ORIGIN_SECRET } from '@portal/shared/api/origin-secret';
import { logger } from '../logger.ts';
import { createOriginSecretReader } from './origin-check.middleware.ts';
import { ok } from './responses.ts';
import { createModuleHandler, route } from './route.ts';
import type { HttpEvent } from './types.ts';

const aws = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:Portal-portal-OriginSecret-AbCdEf';
const notFound = () => new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS", $metadata: {} });
const stages = (current: string, previous?: string) => {
  aws.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: current });
  if (previous) aws.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).resolves({ SecretString: previous });
  else aws.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).rejects(notFound());
};

// The real preset, as every module's handler wraps its routes: a public route that echoes what it saw.
const seen: Array<Record<string, string | undefined>> = [];
const handler = createModuleHandler('client-errors', {
  reportClientError: route({ body: object({ message: string() }) }, async ({ event }) => {
    seen.push({ ...event.headers });
    return ok({ reported: true });
  }),
});
const call = async (headers: Record<string, string>) => {
  const event = { routeKey: 'POST /api/client-errors', headers: { 'content-type': 'application/json', ...headers }, body: '{"message":"x"}', requestContext: { requestId: 'r1' } } as unknown as HttpEvent;
  const result = await handler(event, {} as Context);
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') as unknown };
};

// One ARN per test: the preset's reader keeps what it read per secret.
let arn = 0;
const configure = () => {
  arn += 1;
  vi.stubEnv(ORIGIN_SECRET.secretArnVariable, `${ARN}${arn}`);
};

beforeEach(() => {
  seen.length = 0;
});
afterEach(() => {
  aws.reset();
  vi.unstubAllEnvs();
});

describe('the HTTP preset, with an origin secret configured (AWS)', () => {
  it('refuses a request without the origin header: 403 with its message code, before the route runs', async () => {
    configure();
    stages('the-current-value');
    expect(await call({})).toEqual({ status: 403, body: { message: "The API answers only through the portal's own address", code: 'http.directCallRefused' } });
    expect(seen).toEqual([]);
  });

  it('refuses a wrong value, and one that only starts like the right one', async () => {
    configure();
    stages('the-current-value');
    expect((await call({ [ORIGIN_SECRET.header]: 'guessed' })).status).toBe(403);
    expect((await call({ [ORIGIN_SECRET.header]: 'the-current-value-and-more' })).status).toBe(403);
    expect((await call({ [ORIGIN_SECRET.header]: 'the-current-valu' })).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('accepts the current value, and hides it from the route', async () => {
    configure();
    stages('the-current-value');
    expect(await call({ [ORIGIN_SECRET.header]: 'the-current-value', 'x-other': 'kept' })).toEqual({ status: 200, body: { reported: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty(ORIGIN_SECRET.header);
    expect(seen[0]).toMatchObject({ 'x-other': 'kept' });
  });

  it('accepts the previous value during a rotation', async () => {
    configure();
    stages('the-new-value', 'the-old-value');
    expect((await call({ [ORIGIN_SECRET.header]: 'the-old-value' })).status).toBe(200);
    expect((await call({ [ORIGIN_SECRET.header]: 'the-new-value' })).status).toBe(200);
  });

  it('never writes the value to a log line, refused or not', async () => {
    configure();
    stages('the-current-value');
    const lines: string[] = [];
    const spies = (['info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args))),
    );
    await call({ [ORIGIN_SECRET.header]: 'the-current-value-wrong' });
    await call({ [ORIGIN_SECRET.header]: 'the-current-value' });
    for (const spy of spies) spy.mockRestore();
    expect(lines.join('\n')).toContain('request_refused');
    expect(lines.join('\n')).not.toContain('the-current-value');
  });
});

describe('the HTTP preset without an origin secret (local runtime, tests)', () => {
  it('checks no header and reads no secret', async () => {
    vi.stubEnv(ORIGIN_SECRET.secretArnVariable, '');
    expect((await call({})).status).toBe(200);
    expect(aws.commandCalls(GetSecretValueCommand)).toEqual([]);
  });
});

describe('the origin secret reader', () => {
  const client = () => new SecretsManagerClient({ region: 'eu-central-1' });

  it('reads the current and previous stages once, and again after the refresh time', async () => {
    stages('one');
    let now = 0;
    const read = createOriginSecretReader({ secretId: () => ARN, client, now: () => now });
    expect(await read()).toEqual(['one']);
    expect(await read()).toEqual(['one']);
    expect(aws.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input)).toEqual([
      { SecretId: ARN, VersionStage: 'AWSCURRENT' },
      { SecretId: ARN, VersionStage: 'AWSPREVIOUS' },
    ]);
    aws.reset();
    stages('two', 'one');
    now = ORIGIN_SECRET.refreshSeconds * 1000;
    // The values already read answer while the new read is under way; the next request has the new ones.
    expect(await read()).toEqual(['one']);
    await vi.waitFor(async () => expect(await read()).toEqual(['two', 'one']));
  });

  it('fails while the secret cannot be read (nothing is let through), and reads again on the next request', async () => {
    aws.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: 'one' });
    const read = createOriginSecretReader({ secretId: () => ARN, client });
    await expect(read()).rejects.toThrow('throttled');
    await expect(read()).resolves.toContain('one');
  });
});
