import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_RATE_PER_MINUTE } from '@portal/shared/client-errors/client-error.schema';
import { handler } from '../../functions/src/client-errors/handler.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { apiEvent } from '../support/api-event.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { captureLogs } from '../support/log-capture.ts';
import { ownerOf } from '../support/owner.ts';

const report = { kind: 'uncaught', message: 'TypeError: x is undefined', stack: 'at Dashboard (index-abc.js:1:2)', path: '/dashboard', release: '1.2.3', user_agent: 'Chromium' };

/** POST /api/client-errors as the deployed handler gets it, from `sourceIp`, optionally signed in. */
async function send(body: unknown, options: { token?: string; sourceIp: string; correlationId?: string }) {
  const event = apiEvent('POST', '/api/client-errors', {
    token: options.token,
    body,
    headers: options.correlationId ? { 'x-correlation-id': options.correlationId } : {},
  });
  event.requestContext.http.sourceIp = options.sourceIp;
  const result = (await handler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: result.body ? (JSON.parse(result.body) as Record<string, unknown>) : undefined };
}

/** A documentation address (RFC 3849) per call, so quotas of different tests never meet. */
const freshIp = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

describe('POST /api/client-errors', () => {
  let orgId: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    const email = `reporter-${randomUUID()}@client-errors.test`;
    userId = await createIdentity(email, 'Report-Pass-1!');
    orgId = await foundOrganization({ name: 'Reporting', timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['superadmin'], email) });
    token = await signIn(email, 'Report-Pass-1!');
  });

  it('logs a signed-in report as one client_error line with the correlation id, the user and the organisation', async () => {
    const correlationId = `corr-${randomUUID()}`;
    const { result, lines } = await captureLogs(() => send({ ...report, org_id: orgId }, { token, sourceIp: freshIp(), correlationId }));
    expect(result.status).toBe(204);
    const logged = lines.filter((line) => line.message === 'client_error');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'WARN',
      correlation_id: correlationId,
      signed_in: true,
      user_id: userId,
      org_id: orgId,
      client_error: { kind: 'uncaught', error_message: report.message, stack: report.stack, path: '/dashboard', release: '1.2.3', user_agent: 'Chromium' },
    });
  });

  it('logs a signed-out report without user or organisation, and drops an organisation the token does not name', async () => {
    const { lines } = await captureLogs(async () => {
      await send({ ...report, kind: 'error-page', org_id: orgId }, { sourceIp: freshIp(), correlationId: 'anon-1' });
      await send({ ...report, org_id: 'someone-elses-org' }, { token, sourceIp: freshIp(), correlationId: 'foreign-1' });
    });
    const [anonymous, foreign] = lines.filter((line) => line.message === 'client_error');
    expect(anonymous).toMatchObject({ correlation_id: 'anon-1', signed_in: false, client_error: { kind: 'error-page' } });
    expect(anonymous).not.toHaveProperty('user_id');
    expect(anonymous).not.toHaveProperty('org_id');
    expect(foreign).toMatchObject({ correlation_id: 'foreign-1', user_id: userId });
    expect(foreign).not.toHaveProperty('org_id');
  });

  it(`answers 429 with a stable code after ${CLIENT_ERROR_RATE_PER_MINUTE} reports a minute from one signed-out address, and logs none of the refused`, async () => {
    const sourceIp = freshIp();
    const { result: statuses, lines } = await captureLogs(async () => {
      const answers = [];
      for (let i = 0; i < CLIENT_ERROR_RATE_PER_MINUTE + 2; i += 1) answers.push(await send(report, { sourceIp }));
      return answers;
    });
    // The minute may turn during the run, so the count restarts at most once.
    const refused = statuses.filter((answer) => answer.status === 429);
    expect(statuses.every((answer) => answer.status === 204 || answer.status === 429)).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]!.body).toEqual({ message: 'Too many error reports. Please try again in a minute.', code: 'clientErrors.rateLimited' });
    expect(lines.filter((line) => line.message === 'client_error')).toHaveLength(statuses.length - refused.length);
    // Another address, and a signed-in user, have quotas of their own.
    expect((await send(report, { sourceIp: freshIp() })).status).toBe(204);
    expect((await send(report, { token, sourceIp })).status).toBe(204);
  });

  it('counts a signed-in user across addresses', async () => {
    const email = `busy-${randomUUID()}@client-errors.test`;
    await createIdentity(email, 'Report-Pass-1!');
    const busy = await signIn(email, 'Report-Pass-1!');
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ERROR_RATE_PER_MINUTE + 2; i += 1) statuses.push((await send(report, { token: busy, sourceIp: freshIp() })).status ?? 0);
    expect(statuses).toContain(429);
  });

  it('treats an invalid token as signed out instead of refusing the report', async () => {
    expect((await send(report, { token: 'not-a-token', sourceIp: freshIp() })).status).toBe(204);
  });

  it.each([
    ['an unknown kind', { ...report, kind: 'warning' }, 'Kind must be uncaught, unhandledrejection or error-page'],
    ['a message over 1,000 characters', { ...report, message: 'x'.repeat(1_001) }, 'Message must be at most 1000 characters'],
    ['a full address instead of a path', { ...report, path: 'https://evil.test/x' }, 'Path must start with /'],
    ['a query string in the path', { ...report, path: '/dashboard?token=secret' }, 'Path must start with /'],
    ['a number as the message', { ...report, message: 42 }, undefined],
  ])('refuses %s with 400', async (_, body, message) => {
    const answer = await send(body, { sourceIp: freshIp() });
    expect(answer.status).toBe(400);
    if (message) expect(answer.body?.message).toBe(message);
  });
});
