import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.ts';
import { api, foundOrganizationAsOperator, harness, harnessReport, signIn, watchOf } from '../support/aws-emulated/portal-client.ts';

/**
 * Presence and a client error report on the emulated stack: a watch's connect and disconnect are
 * IoT Core's lifecycle events, which the presence rule's SQL hands to the devices' presence
 * function, whose rows say online, then offline; a browser's error report reaches the
 * client-errors function through its public route (no JWT, as the template says).
 */
const PASSWORD = 'Emulated-Presence-1!';

let orgId: string;
let token: string;
let userId: string;

beforeAll(async () => {
  const founded = await foundOrganizationAsOperator('Emulated Presence Market', PASSWORD);
  orgId = founded.orgId;
  userId = founded.userId;
  token = await signIn(founded.email, PASSWORD);
});

afterAll(async () => {
  expect((await harnessReport()).refused).toEqual([]);
});

describe('presence and client errors on the emulated stack', () => {
  it('records a watch online on connect and offline on disconnect, through the lifecycle rule', async () => {
    // Read in this process with the functions' own repository, on the emulated table (harness credential).
    const { presenceOfUsers } = await import('../../functions/src/devices/public.ts');
    const online = async () => (await presenceOfUsers(orgId, [userId])).get(userId)?.online === true;
    const watch = await watchOf(orgId, token);
    await waitFor(online, Boolean, 'the connection recorded online', 20_000);
    await watch.client.endAsync();
    await waitFor(online, (o) => !o, 'the disconnect recorded offline', 20_000);
  });

  it('takes a client error report on the public route and refuses a malformed one', async () => {
    const report = { kind: 'uncaught', message: 'TypeError: x is undefined', path: '/notifications' };
    const answer = await fetch(`${harness().url}/api/client-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) });
    expect(answer.status).toBeLessThan(300);
    expect((await api(token, 'POST', '/client-errors', { kind: 'nonsense' })).status).toBe(400);
  });
});
