import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';

const runtime = () => inject('runtime');

let client: CognitoIdentityProviderClient | undefined;
function cognito() {
  client ??= new CognitoIdentityProviderClient({
    endpoint: runtime().cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return client;
}

/** Signs in through cognito-local (the pre-token trigger runs) and returns the ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const result = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: runtime().userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = result.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`No ID token for ${email}`);
  return token;
}

/** A sign-in identity with a permanent password; returns its sub (the user id). */
export async function createIdentity(email: string, password: string): Promise<string> {
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: runtime().userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: runtime().userPoolId, Username: email, Password: password, Permanent: true }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local returned no sub');
  return sub;
}
