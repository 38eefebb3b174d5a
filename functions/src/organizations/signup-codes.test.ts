import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createSignupCodesReader, parseSignupCodesSecret, type SignupCodesSource } from './signup-codes.ts';

const aws = mockClient(SecretsManagerClient);
afterEach(() => aws.reset());

const SECRET_ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:Portal-portal-SignupCodes-AbCdEf';
const fromSecret: SignupCodesSource = { from: 'secret', secretId: SECRET_ARN };
const reader = (source: SignupCodesSource = fromSecret) =>
  createSignupCodesReader({ source: () => source, client: () => new SecretsManagerClient({ region: 'eu-central-1' }) });
const inputs = () => aws.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input);

describe('sign-up codes', () => {
  it('reads the secret by its ARN and splits its codes', async () => {
    aws.on(GetSecretValueCommand).resolves({ SecretString: '{"codes":" CODE-1, CODE-2 ,"}' });
    await expect(reader()()).resolves.toEqual(['CODE-1', 'CODE-2']);
    expect(inputs()).toStrictEqual([{ SecretId: SECRET_ARN }]);
  });

  it('reads the secret once per cold start, however many sign-ups follow', async () => {
    aws.on(GetSecretValueCommand).resolves({ SecretString: '{"codes":"CODE-1"}' });
    const codes = reader();
    const answers = await Promise.all([codes(), codes()]);
    await codes();
    expect(answers).toEqual([['CODE-1'], ['CODE-1']]);
    expect(inputs()).toHaveLength(1);
  });

  it('tries again on the next sign-up when a read failed', async () => {
    aws
      .on(GetSecretValueCommand)
      .rejectsOnce(new ResourceNotFoundException({ message: 'not found', $metadata: {} }))
      .resolves({ SecretString: '{"codes":"CODE-1"}' });
    const codes = reader();
    await expect(codes()).rejects.toThrow('not found');
    await expect(codes()).resolves.toEqual(['CODE-1']);
    expect(inputs()).toHaveLength(2);
  });

  it('keeps sign-up closed for an empty list, and fails loudly on a malformed secret', async () => {
    expect(parseSignupCodesSecret('{"codes":""}')).toEqual([]);
    expect(() => parseSignupCodesSecret('CODE-1,CODE-2')).toThrow('not JSON');
    expect(() => parseSignupCodesSecret('{"code":"CODE-1"}')).toThrow('no string "codes"');
    expect(() => parseSignupCodesSecret(undefined)).toThrow('not JSON');
    aws.on(GetSecretValueCommand).resolves({ SecretString: '["CODE-1"]' });
    await expect(reader()()).rejects.toThrow('no string "codes"');
  });

  it('uses SIGNUP_CODES locally and never calls Secrets Manager there', async () => {
    await expect(reader({ from: 'environment', codes: ['DEMO-SIGNUP'] })()).resolves.toEqual(['DEMO-SIGNUP']);
    expect(inputs()).toEqual([]);
  });
});
