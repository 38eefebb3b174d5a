import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { SECRET_CIPHER_ENV, WEBHOOK_SECRET_CONTEXT_KEYS } from '@portal/shared/crypto/secret-cipher-environment';

/** What the secret cipher port's KMS adapter calls (functions/src/platform/crypto/kms.adapter.ts). */
export const SECRETS_KEY_ACTIONS = ['kms:Decrypt', 'kms:Encrypt'] as const;

/**
 * The condition on every use of the key: the encryption context has exactly a webhook secret row's
 * keys (orgId and triggerId), both present. KMS binds a ciphertext to its context, so a secret
 * sealed for one trigger does not open for another, and the key opens nothing sealed without one.
 */
export const SECRETS_KEY_CONDITIONS = {
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [...WEBHOOK_SECRET_CONTEXT_KEYS] },
  Null: Object.fromEntries(WEBHOOK_SECRET_CONTEXT_KEYS.map((key) => [`kms:EncryptionContext:${key}`, 'false'])),
};

/**
 * The customer-managed KMS key that seals webhook secrets at rest (decision 0057): symmetric, rotated
 * yearly by KMS, retained with the stack as the table is (its rows' ciphertexts open only with it).
 * Its key policy is the default (the account's IAM decides); only the functions FUNCTION_NEEDS gives
 * `kms` get Encrypt and Decrypt on it, under SECRETS_KEY_CONDITIONS.
 */
export class SecretsKeyConstruct extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: `Webhook secrets at rest in ${Stack.of(this).stackName}'s table (decision 0057)`,
      alias: `alias/${Stack.of(this).stackName}/secrets`,
      enableKeyRotation: true,
      // As the table: its sealed rows outlive a stack deletion, so the key that opens them must too.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** Encrypt and Decrypt on this key only, with a webhook secret's context, and the key's ARN as SECRETS_KMS_KEY_ARN. */
  grantUse(fn: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: [...SECRETS_KEY_ACTIONS], resources: [this.key.keyArn], conditions: SECRETS_KEY_CONDITIONS }));
    fn.addEnvironment(SECRET_CIPHER_ENV.kmsKeyArn, this.key.keyArn);
  }
}
