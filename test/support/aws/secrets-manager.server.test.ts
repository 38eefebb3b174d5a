import { CreateSecretCommand, DescribeSecretCommand, GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecretsManagerEmulator, type SecretsManagerEmulator } from './secrets-manager.server.ts';
import { clientConfig } from './sdk-client.ts';

let secrets: SecretsManagerEmulator;
let client: SecretsManagerClient;

beforeAll(async () => {
  secrets = await startSecretsManagerEmulator({ authorize: (call) => (call.accessKeyId === 'AKIDDENIED' ? { allowed: false, reason: 'denied' } : { allowed: true }) });
  client = new SecretsManagerClient(clientConfig(secrets.endpoint));
});
afterAll(async () => {
  client.destroy();
  await secrets.close();
});

const expectError = (promise: Promise<unknown>, name: string) => expect(promise).rejects.toMatchObject({ name });

describe('Secrets Manager emulator', () => {
  it('reads a template secret by name, ARN and partial ARN, and moves AWSCURRENT on a new value', async () => {
    const secretArn = secrets.createSecret('portal/signup-codes', '{"codes":["A"]}');
    expect(secretArn).toMatch(/^arn:aws:secretsmanager:eu-central-1:000000000000:secret:portal\/signup-codes-[A-Za-z0-9]{6}$/);
    for (const SecretId of ['portal/signup-codes', secretArn, secretArn.slice(0, -7)]) {
      expect((await client.send(new GetSecretValueCommand({ SecretId }))).SecretString).toBe('{"codes":["A"]}');
    }
    const put = await client.send(new PutSecretValueCommand({ SecretId: 'portal/signup-codes', SecretString: '{"codes":["B"]}' }));
    expect((await client.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString).toBe('{"codes":["B"]}');
    expect((await client.send(new GetSecretValueCommand({ SecretId: secretArn, VersionStage: 'AWSPREVIOUS' }))).SecretString).toBe('{"codes":["A"]}');
    const described = await client.send(new DescribeSecretCommand({ SecretId: secretArn }));
    expect(described.VersionIdsToStages?.[put.VersionId!]).toEqual(['AWSCURRENT']);
  });

  it('refuses what the model refuses, an existing name and a missing secret', async () => {
    await expectError(client.send(new GetSecretValueCommand({ SecretId: '' })), 'ValidationException');
    await expectError(client.send(new CreateSecretCommand({ Name: 'big', SecretString: 'x'.repeat(65_537) })), 'ValidationException');
    await expectError(client.send(new CreateSecretCommand({ Name: 'bad name' })), 'InvalidParameterException');
    await client.send(new CreateSecretCommand({ Name: 'once', SecretString: 's' }));
    await expectError(client.send(new CreateSecretCommand({ Name: 'once', SecretString: 's' })), 'ResourceExistsException');
    await expectError(client.send(new GetSecretValueCommand({ SecretId: 'never' })), 'ResourceNotFoundException');
  });

  it('answers AccessDeniedException to a caller authorize refuses, on the secret ARN', async () => {
    const secretArn = secrets.createSecret('guarded', 'v');
    const denied = new SecretsManagerClient(clientConfig(secrets.endpoint, 'AKIDDENIED'));
    await expectError(denied.send(new GetSecretValueCommand({ SecretId: 'guarded' })), 'AccessDeniedException');
    denied.destroy();
    expect(secrets.calls.at(-1)).toMatchObject({ action: 'secretsmanager:GetSecretValue', resources: [secretArn], allowed: false });
  });
});
