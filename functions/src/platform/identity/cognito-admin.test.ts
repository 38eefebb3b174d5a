import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignInIdentity, deleteSignInIdentityOf, isSignInIdentityOf, verifyPassword } from './cognito-admin.ts';

/** The AWS adapter's exact Cognito admin calls (cognito-local covers the behaviour in integration tests). */
describe('Cognito identity port on AWS', () => {
  const cognito = mockClient(CognitoIdentityProviderClient);
  beforeEach(() => {
    process.env.COGNITO_USER_POOL_ID = 'eu-central-1_pool';
    process.env.COGNITO_CLIENT_ID = 'web-client';
  });
  afterEach(() => cognito.reset());

  it('creates a confirmed identity without an invitation email, then sets a permanent password', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-1' }] } });
    cognito.on(AdminSetUserPasswordCommand).resolves({});

    await expect(createSignInIdentity('ann@shop.test', 'Secret-Pass-1!')).resolves.toBe('sub-1');
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-central-1_pool',
      Username: 'ann@shop.test',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: 'ann@shop.test' },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-central-1_pool',
      Username: 'ann@shop.test',
      Password: 'Secret-Pass-1!',
      Permanent: true,
    });
  });

  it('answers 409 when the email is taken', async () => {
    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    await expect(createSignInIdentity('ann@shop.test', 'Secret-Pass-1!')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'A user with this email already exists',
    });
  });

  it('verifies a password with the web client and reads a rejection as false', async () => {
    cognito.on(InitiateAuthCommand).resolvesOnce({ AuthenticationResult: { IdToken: 'id' } });
    await expect(verifyPassword('ann@shop.test', 'right')).resolves.toBe(true);
    expect(cognito.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'web-client',
      AuthParameters: { USERNAME: 'ann@shop.test', PASSWORD: 'right' },
    });
    cognito.on(InitiateAuthCommand).rejects(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    await expect(verifyPassword('ann@shop.test', 'wrong')).resolves.toBe(false);
  });

  it('touches an identity only while its email still signs in as the expected user (decision 0009)', async () => {
    cognito.on(AdminGetUserCommand, { Username: 'ann@shop.test' }).resolves({ UserAttributes: [{ Name: 'sub', Value: 'sub-ann' }] });
    cognito.on(AdminGetUserCommand, { Username: 'gone@shop.test' }).rejects(Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }));
    cognito.on(AdminDeleteUserCommand).resolves({});

    await expect(isSignInIdentityOf('ann@shop.test', 'sub-ann')).resolves.toBe(true);
    await expect(isSignInIdentityOf('ann@shop.test', 'sub-someone-else')).resolves.toBe(false);
    await expect(isSignInIdentityOf('gone@shop.test', 'sub-ann')).resolves.toBe(false);

    await expect(deleteSignInIdentityOf('ann@shop.test', 'sub-someone-else')).resolves.toBe(false);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
    await expect(deleteSignInIdentityOf('ann@shop.test', 'sub-ann')).resolves.toBe(true);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'eu-central-1_pool', Username: 'ann@shop.test' });
  });
});
