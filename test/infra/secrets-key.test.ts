import { describe, expect, it } from 'vitest';
import { SECRET_CIPHER_ENV } from '@portal/shared/crypto/secret-cipher-environment';
import { FUNCTION_NEEDS, functionsNeeding } from '../../infra/aws/function-needs.ts';
import { SECRETS_KEY_ACTIONS } from '../../infra/aws/secrets-key.construct.ts';
import type { TableUser } from '../../infra/aws/table-access.ts';
import { LAMBDAS, inspect, synthPortal, type Resource } from './support.ts';

// Synthesis runs cdk-nag and throws on any unacknowledged finding: a clean build is asserted too.
const { template } = synthPortal();
const { fnByDescription, statementsOf, variablesOf } = inspect(template);
const resources = (type: string) => Object.entries(template.findResources(type) as Record<string, Resource>);
const USERS = Object.keys(LAMBDAS) as TableUser[];

const keyId = () => {
  const keys = resources('AWS::KMS::Key');
  expect(keys).toHaveLength(1);
  return keys[0]![0];
};

describe('the secrets key (webhook secrets at rest, decision 0057)', () => {
  it('is a symmetric customer-managed key, rotated, retained as the table is, with an alias of the stack', () => {
    type Retained = Resource & { DeletionPolicy?: string; UpdateReplacePolicy?: string };
    const [[id, key]] = resources('AWS::KMS::Key') as Array<[string, Retained]> as [[string, Retained]];
    expect(id).toMatch(/^SecretsKey/);
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(key.Properties.KeySpec ?? 'SYMMETRIC_DEFAULT').toBe('SYMMETRIC_DEFAULT');
    const [[, table]] = resources('AWS::DynamoDB::GlobalTable') as Array<[string, Retained]> as [[string, Retained]];
    expect([key.DeletionPolicy, key.UpdateReplacePolicy]).toEqual([table.DeletionPolicy, table.UpdateReplacePolicy]);
    expect(key.DeletionPolicy).toBe('Retain');
    const aliases = resources('AWS::KMS::Alias');
    expect(aliases).toHaveLength(1);
    expect(aliases[0]![1].Properties).toEqual({ AliasName: expect.stringMatching(/^alias\/[\w-]+\/secrets$/), TargetKeyId: { 'Fn::GetAtt': [id, 'Arn'] } });
  });

  it('is given to the automation API function alone', () => {
    expect(functionsNeeding((needs) => needs.kms === true)).toEqual(['automation']);
  });

  it.each(USERS)('%s: kms:Encrypt and kms:Decrypt on the key, with exactly a webhook secret row\'s encryption context, and its ARN, exactly when FUNCTION_NEEDS gives it kms', (user) => {
    const [, fn] = fnByDescription(LAMBDAS[user].description);
    const statements = statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('kms:')));
    if (!FUNCTION_NEEDS[user].kms) {
      expect(statements).toEqual([]);
      expect(variablesOf(fn)).not.toHaveProperty(SECRET_CIPHER_ENV.kmsKeyArn);
      return;
    }
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: [...SECRETS_KEY_ACTIONS],
        Resource: { 'Fn::GetAtt': [keyId(), 'Arn'] },
        Condition: {
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['orgId', 'triggerId'] },
          Null: { 'kms:EncryptionContext:orgId': 'false', 'kms:EncryptionContext:triggerId': 'false' },
        },
      },
    ]);
    expect(variablesOf(fn)[SECRET_CIPHER_ENV.kmsKeyArn]).toEqual({ 'Fn::GetAtt': [keyId(), 'Arn'] });
  });
});
