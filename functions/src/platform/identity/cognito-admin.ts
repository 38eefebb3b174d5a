import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { SIGN_UP_MESSAGES } from '@portal/shared/identity/sign-up.schema';
import { env } from '../config.ts';
import { ConflictError } from '../errors/domain-errors.ts';

/**
 * The identity port: sign-in identities in the user pool. The same adapter serves AWS and
 * cognito-local (COGNITO_ENDPOINT set locally). Usernames are emails (the pool's alias).
 */
export const cognito = new CognitoIdentityProviderClient({
  region: env.region,
  ...(env.cognitoEndpoint
    ? { endpoint: env.cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {}),
});

/** Creates a confirmed identity with a permanent password; returns its sub (our user id). */
export async function createSignInIdentity(email: string, password: string): Promise<string> {
  try {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: env.cognitoUserPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('The user pool returned no sub');
    await setPassword(email, password);
    return sub;
  } catch (error) {
    if (error instanceof UsernameExistsException || (error as Error).name === 'UsernameExistsException') {
      throw new ConflictError(SIGN_UP_MESSAGES.identityTaken);
    }
    throw error;
  }
}

/** The sub of an existing identity, or undefined when the pool has no such user. */
export async function findSignInIdentity(email: string): Promise<string | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.cognitoUserPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

export async function setPassword(email: string, password: string): Promise<void> {
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: env.cognitoUserPoolId, Username: email, Password: password, Permanent: true }),
  );
}

/** A new sign-in email, verified (an admin changed it). */
export async function changeEmail(currentEmail: string, newEmail: string): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: env.cognitoUserPoolId,
      Username: currentEmail,
      UserAttributes: [
        { Name: 'email', Value: newEmail },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export async function deleteSignInIdentity(email: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: env.cognitoUserPoolId, Username: email }));
}

/**
 * True when the identity that signs in with `email` is the user `userId` (its sub). Admin calls
 * address an identity by the email an organisation stored; this makes sure that email still names
 * this very person before their password, email or identity is touched (decision 0009).
 */
export async function isSignInIdentityOf(email: string, userId: string): Promise<boolean> {
  return (await findSignInIdentity(email)) === userId;
}

/** Deletes the identity only if `email` still signs in as `userId`; answers whether it did. */
export async function deleteSignInIdentityOf(email: string, userId: string): Promise<boolean> {
  if (!(await isSignInIdentityOf(email, userId))) return false;
  await deleteSignInIdentity(email);
  return true;
}

/** What Cognito (NotAuthorized) and cognito-local (InvalidPassword) answer for a wrong password or user. */
const REJECTED_SIGN_IN = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']);

/** True when the password signs the user in (the same flow the SPA uses, so no extra client flow is needed). */
export async function verifyPassword(email: string, password: string): Promise<boolean> {
  try {
    const result = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: env.cognitoClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return Boolean(result.AuthenticationResult?.IdToken);
  } catch (error) {
    if (REJECTED_SIGN_IN.has((error as Error).name)) return false;
    throw error;
  }
}
