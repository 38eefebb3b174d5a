import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

export interface DemoSeed {
  email: string;
  password: string;
  organizationName: string;
  timeZone: string;
}

export const DEMO_DEFAULTS = {
  email: 'admin@demo.local',
  password: 'Demo-Admin-1!',
  organizationName: 'Demo Organization',
  timeZone: 'Europe/Berlin',
} as const;

/**
 * First start: the demo superadmin's sign-in identity and the demo organisation. Later starts find
 * both and change nothing but the password (so DEMO_ADMIN_PASSWORD always works).
 */
export async function seedDemo(cognito: CognitoIdentityProviderClient, userPoolId: string, seed: DemoSeed): Promise<void> {
  const userId = await ensureUser(cognito, userPoolId, seed.email, seed.password);
  // Loaded late: the functions read the table name and endpoint when they are imported.
  const { rolesByOrganization } = await import('../../functions/src/platform/tenancy/memberships.repository.ts');
  const { foundOrganization } = await import('../../functions/src/organizations/organizations.service.ts');
  if (Object.keys(await rolesByOrganization(userId)).length > 0) return;
  await foundOrganization({ name: seed.organizationName, timeZone: seed.timeZone, ownerUserId: userId });
}

async function ensureUser(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string, password: string) {
  let sub: string | undefined;
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`The demo user ${email} has no sub`);
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  return sub;
}
