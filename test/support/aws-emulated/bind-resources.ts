import { randomBytes } from 'node:crypto';
import { ACCOUNT_ID, REGION, arn } from '../aws/aws-identity.ts';
import { functionArn } from './function-host.ts';
import type { Resolver } from './resolve.ts';
import type { CfnTemplate } from './template.ts';

export interface EmulatedAccount {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The IoT data emulator's URL: what DescribeEndpoint would answer (the adapter keeps a given scheme). */
  iotDataEndpoint: string;
  apiUrl: string;
  createQueue(name: string, attributes: Record<string, string>): { url: string; arn: string };
  /** Undefined while the emulator is missing: the group then exists in name only. */
  createGroup?(name: string): unknown;
  createSecret?(name: string, value: string): string;
  /** Makes the bucket in the S3 emulator (the harness awaits it before any function runs). */
  createBucket?(name: string): void;
  /** A symmetric key in the KMS emulator: its ARN. */
  createKey?(): string;
  createAlias?(name: string, targetKeyId: string): void;
}

interface GenerateSecretString {
  PasswordLength?: number;
  ExcludePunctuation?: boolean;
  IncludeSpace?: boolean;
  [option: string]: unknown;
}

/** What Secrets Manager's GetRandomPassword would give for the options the portal uses (letters and digits); any other option fails. */
function generatedSecret(options: GenerateSecretString, path: string): string {
  const { PasswordLength = 32, ExcludePunctuation, IncludeSpace, ...rest } = options;
  if (Object.keys(rest).length || !ExcludePunctuation || IncludeSpace) throw new Error(`${path}: only letters and digits (ExcludePunctuation, no space) are emulated, got ${JSON.stringify(options)}`);
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(PasswordLength)].map((b) => chars[b % chars.length]).join('');
}

/** Names CloudFormation would generate: `<stack>-<logical id>` (the random suffix left out), within a limit. */
const physicalName = (template: CfnTemplate, logicalId: string, max = 80) => `${template.stackName}-${logicalId}`.slice(0, max);

/** SQS queue properties that are queue attributes, as strings (CreateQueue's form). */
const QUEUE_ATTRIBUTES = ['DelaySeconds', 'MaximumMessageSize', 'MessageRetentionPeriod', 'ReceiveMessageWaitTimeSeconds', 'VisibilityTimeout', 'SqsManagedSseEnabled', 'KmsMasterKeyId', 'KmsDataKeyReusePeriodSeconds'];

/**
 * Binds every resource the functions, policies, routes and rules refer to, to what stands for it
 * here: queues created in the SQS emulator from their template properties (dead-letter queues
 * first), the table and pool by the names the harness made them with, roles and functions by their
 * logical ids. A type not listed stays unbound: a reference to it fails when resolved.
 */
export function bindResources(template: CfnTemplate, resolver: Resolver, account: EmulatedAccount): void {
  const entries = Object.entries(template.Resources).filter(([id]) => resolver.exists(id));
  const queues = entries.filter(([, r]) => r.Type === 'AWS::SQS::Queue');
  // Dead-letter queues first: a redrive policy names its target's ARN.
  queues.sort(([, a], [, b]) => Number(Boolean(a.Properties?.RedrivePolicy)) - Number(Boolean(b.Properties?.RedrivePolicy)));
  // KMS aliases last: each names its key's ARN.
  const rest = entries.filter(([, r]) => r.Type !== 'AWS::SQS::Queue').sort(([, a], [, b]) => Number(a.Type === 'AWS::KMS::Alias') - Number(b.Type === 'AWS::KMS::Alias'));
  for (const [id, r] of [...queues, ...rest]) {
    const p = r.Properties ?? {};
    const bind = (ref: string, attributes: Record<string, string> = {}) => resolver.bind(id, { ref, attributes });
    switch (r.Type) {
      case 'AWS::DynamoDB::GlobalTable':
      case 'AWS::DynamoDB::Table': {
        const tableArn = arn('dynamodb', `table/${account.tableName}`);
        bind(account.tableName, { Arn: tableArn, StreamArn: `${tableArn}/stream/emulated` });
        break;
      }
      case 'AWS::Cognito::UserPool':
        bind(account.userPoolId, {
          Arn: arn('cognito-idp', `userpool/${account.userPoolId}`),
          ProviderName: `cognito-idp.${REGION}.amazonaws.com/${account.userPoolId}`,
          ProviderURL: `https://cognito-idp.${REGION}.amazonaws.com/${account.userPoolId}`,
        });
        break;
      case 'AWS::Cognito::UserPoolClient':
        bind(account.userPoolClientId, { ClientId: account.userPoolClientId });
        break;
      case 'AWS::IAM::Role':
        bind(id, { Arn: `arn:aws:iam::${ACCOUNT_ID}:role/${id}`, RoleId: `AROA${id.toUpperCase().slice(0, 17)}` });
        break;
      case 'AWS::Lambda::Function':
        bind(id, { Arn: functionArn(id) });
        break;
      case 'AWS::SQS::Queue': {
        const attributes: Record<string, string> = {};
        for (const name of QUEUE_ATTRIBUTES) if (p[name] !== undefined) attributes[name] = String(resolver.resolve(p[name], `Resources.${id}.Properties.${name}`));
        if (p.RedrivePolicy) attributes.RedrivePolicy = JSON.stringify(resolver.resolve(p.RedrivePolicy, `Resources.${id}.Properties.RedrivePolicy`));
        const queue = account.createQueue(String(p.QueueName ?? physicalName(template, id)), attributes);
        bind(queue.url, { Arn: queue.arn, QueueName: queue.url.split('/').pop()!, QueueUrl: queue.url });
        break;
      }
      case 'AWS::Scheduler::ScheduleGroup': {
        const name = String(p.Name ?? physicalName(template, id, 64));
        account.createGroup?.(name);
        bind(name, { Arn: arn('scheduler', `schedule-group/${name}`) });
        break;
      }
      case 'AWS::SecretsManager::Secret': {
        const name = String(p.Name ?? physicalName(template, id, 512));
        // GenerateSecretString: a value CloudFormation makes up at deploy, made up here the same way.
        const value = p.GenerateSecretString
          ? generatedSecret(p.GenerateSecretString as GenerateSecretString, `Resources.${id}.Properties.GenerateSecretString`)
          : resolver.resolve<string>(p.SecretString ?? '', `Resources.${id}.Properties.SecretString`);
        const secretArn = account.createSecret?.(name, value) ?? arn('secretsmanager', `secret:${name}-AbCdEf`);
        bind(secretArn, { Id: secretArn });
        break;
      }
      case 'AWS::S3::Bucket': {
        const name = String(p.BucketName ?? physicalName(template, id, 63).toLowerCase());
        account.createBucket?.(name);
        bind(name, { Arn: `arn:aws:s3:::${name}`, DomainName: `${name}.s3.amazonaws.com`, RegionalDomainName: `${name}.s3.${REGION}.amazonaws.com` });
        break;
      }
      case 'AWS::KMS::Key': {
        const keyArn = account.createKey?.() ?? arn('kms', `key/${id}`);
        const keyId = keyArn.slice(keyArn.lastIndexOf('/') + 1);
        bind(keyId, { Arn: keyArn, KeyId: keyId });
        break;
      }
      case 'AWS::KMS::Alias': {
        const name = String(p.AliasName);
        account.createAlias?.(name, resolver.resolve<string>(p.TargetKeyId, `Resources.${id}.Properties.TargetKeyId`));
        bind(name);
        break;
      }
      case 'Custom::AWS':
        // AwsCustomResource: only the IoT data endpoint lookup is emulated (a call CloudFormation makes at deploy).
        if (String(p.Create).includes('"describeEndpoint"')) bind(id, { endpointAddress: account.iotDataEndpoint });
        break;
      case 'AWS::SNS::Topic': {
        const topicArn = arn('sns', physicalName(template, id, 256));
        bind(topicArn, { TopicArn: topicArn, TopicName: physicalName(template, id, 256) });
        break;
      }
      case 'AWS::Logs::LogGroup': {
        const name = String(p.LogGroupName ?? `/aws/lambda/${physicalName(template, id)}`);
        bind(name, { Arn: `${arn('logs', `log-group:${name}`)}:*` });
        break;
      }
      case 'AWS::ApiGatewayV2::Api':
        bind(id, { ApiEndpoint: account.apiUrl, ApiId: id });
        break;
      case 'AWS::ApiGatewayV2::Integration':
      case 'AWS::ApiGatewayV2::Authorizer':
      case 'AWS::ApiGatewayV2::Stage':
        bind(id);
        break;
      case 'AWS::IoT::TopicRule':
        bind(String(p.RuleName ?? id), { Arn: arn('iot', `rule/${p.RuleName ?? id}`) });
        break;
      case 'AWS::IoT::Authorizer':
        bind(String(p.AuthorizerName ?? id), { Arn: arn('iot', `authorizer/${p.AuthorizerName ?? id}`) });
        break;
      default:
    }
  }
}
