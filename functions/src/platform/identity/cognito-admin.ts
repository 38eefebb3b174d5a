import { SIGN_UP_MESSAGES } from '@portal/shared/identity/sign-up.schema';
import { env } from '../config.ts';
import { ConflictError } from '../errors/domain-errors.ts';

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');

let loaded: Promise<{ sdk: CognitoSdk; cognito: InstanceType<CognitoSdk['CognitoIdentityProviderClient']> }> | undefined;

/**
 * The identity port: sign-in identities in the user pool. The same adapter serves AWS and
 * cognito-local (COGNITO_ENDPOINT set locally). Usernames are emails (the pool's alias).
 * The SDK is imported and the client created on the first call, once per process: most requests of
 * the functions that import this port never reach Cognito, and loading its SDK costs each of their
 * cold starts ~100 ms (docs/performance.md, "Cold start").
 */
function identityPool() {
  loaded ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    cognito: new sdk.CognitoIdentityProviderClient({
      region: env.region,
      ...(env.cognitoEndpoint
        ? { endpoint: env.cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    }),
  }));
  return loaded;
}

/** Creates a confirmed identity with a permanent password; returns its sub (our user id). */
export async function createSignInIdentity(email: string, password: string): Promise<string> {
  const { sdk, cognito } = await identityPool();
  try {
    const created = await cognito.send(
      new sdk.AdminCreateUserCommand({
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
    if (error instanceof sdk.UsernameExistsException || (error as Error).name === 'UsernameExistsException') {
      throw new ConflictError(SIGN_UP_MESSAGES.identityTaken);
    }
    throw error;
  }
}

/** The sub of an existing identity, or undefined when the pool has no such user. */
export async function findSignInIdentity(email: string): Promise<string | undefined> {
  const { sdk, cognito } = await identityPool();
  try {
    const user = await cognito.send(new sdk.AdminGetUserCommand({ UserPoolId: env.cognitoUserPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

export async function setPassword(email: string, password: string): Promise<void> {
  const { sdk, cognito } = await identityPool();
  await cognito.send(
    new sdk.AdminSetUserPasswordCommand({ UserPoolId: env.cognitoUserPoolId, Username: email, Password: password, Permanent: true }),
  );
}

/** A new sign-in email, verified (an admin changed it). */
export async function changeEmail(currentEmail: string, newEmail: string): Promise<void> {
  const { sdk, cognito } = await identityPool();
  await cognito.send(
    new sdk.AdminUpdateUserAttributesCommand({
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
  const { sdk, cognito } = await identityPool();
  await cognito.send(new sdk.AdminDeleteUserCommand({ UserPoolId: env.cognitoUserPoolId, Username: email }));
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
  const { sdk, cognito } = await identityPool();
  try {
    const result = await cognito.send(
      new sdk.InitiateAuthCommand({
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
