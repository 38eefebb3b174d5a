import { afterAll, describe, expect, it } from 'vitest';
import { ORGANIZATIONS_CLAIM } from '@portal/shared/tenancy/principal';
import { api, foundOrganizationAsOperator, harnessReport, signIn, watchOf } from '../support/aws-emulated/portal-client.ts';

/**
 * (a) Sign-in as the template deploys it: cognito-local invokes the user pool's pre-token-generation
 * trigger (the template's LambdaConfig, the function's bundle), whose claim the HTTP API's JWT
 * authorizer, the organisations and identity functions accept; the watch connects through the IoT
 * authorizer.
 */
const PASSWORD = 'Emulated-Pass-1!';

afterAll(async () => {
  expect((await harnessReport()).refused).toEqual([]);
});

describe('sign-in on the emulated stack', () => {
  it("puts the person's organisations into the ID token through the bundled pre-token-generation function", async () => {
    const { orgId, email, userId } = await foundOrganizationAsOperator('Emulated Sign-in Market', PASSWORD);
    const before = (await harnessReport()).invocations;
    const token = await signIn(email, PASSWORD);

    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, string>;
    expect(JSON.parse(claims[ORGANIZATIONS_CLAIM]!)).toEqual({ [orgId]: ['superadmin'] });
    const after = (await harnessReport()).invocations;
    const trigger = Object.keys(after).find((id) => id.startsWith('AuthPreTokenGeneration'))!;
    expect(after[trigger]).toBeGreaterThan(before[trigger] ?? 0);

    const organizations = await api(token, 'GET', '/organizations');
    expect(organizations.status).toBe(200);
    expect(JSON.stringify(organizations.body)).toContain(orgId);
    expect((await api(`${token}x`, 'GET', '/organizations')).status).toBe(401);
    // The identity function reads the account the founding wrote.
    expect(await api(token, 'GET', '/me')).toMatchObject({ status: 200, body: { userId, email, isPendingEntraIdMigration: false } });

    const watch = await watchOf(orgId, token);
    await watch.client.endAsync();
  });
});
