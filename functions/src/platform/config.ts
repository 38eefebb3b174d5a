import { DEFAULT_LOCAL_TABLE_NAME } from '@portal/shared/db/table';
import { ORIGIN_SECRET } from '@portal/shared/api/origin-secret';
import { topicRootOf } from '@portal/shared/devices/topics';
import { SCHEDULER_ENV, scheduleTargetVariable } from '@portal/shared/scheduling/scheduler-environment';

/**
 * Everything the functions read from the environment, in one place. The code path is the same
 * on AWS and locally; only these values differ (the local runtime sets them before it loads the
 * handlers).
 */
export const env = {
  get tableName(): string {
    return process.env.TABLE_NAME ?? DEFAULT_LOCAL_TABLE_NAME;
  },
  /** Set locally to DynamoDB Local's URL; unset on AWS. */
  get dynamoDbEndpoint(): string | undefined {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get region(): string {
    return process.env.AWS_REGION ?? 'eu-central-1';
  },
  /** Issuer of the user pool's tokens; the JWKS lives at `${issuer}/.well-known/jwks.json`. */
  get cognitoIssuer(): string {
    return required('COGNITO_ISSUER');
  },
  get cognitoClientId(): string {
    return required('COGNITO_CLIENT_ID');
  },
  get cognitoUserPoolId(): string {
    return required('COGNITO_USER_POOL_ID');
  },
  /** Set locally to cognito-local's URL; unset on AWS. */
  get cognitoEndpoint(): string | undefined {
    return process.env.COGNITO_ENDPOINT || undefined;
  },
  /**
   * Where the operator's sign-up codes come from (no code means sign-up is closed). On AWS a Secrets
   * Manager secret whose ARN CDK sets in SIGNUP_CODES_SECRET_ARN, on the sign-up function only;
   * `organizations/signup-codes.ts` reads it once per cold start. Locally the comma-separated
   * SIGNUP_CODES the runtime sets.
   */
  get signupCodes(): { from: 'secret'; secretId: string } | { from: 'environment'; codes: string[] } {
    const secretId = process.env.SIGNUP_CODES_SECRET_ARN;
    if (secretId) return { from: 'secret', secretId };
    return { from: 'environment', codes: (process.env.SIGNUP_CODES ?? '').split(',').map((c) => c.trim()).filter(Boolean) };
  },
  /**
   * The secret CloudFront sends as its origin header (decision 0058): its ARN, set by CDK on every
   * API function. Unset (the local runtime, tests), the HTTP preset checks no origin header.
   */
  get originSecretId(): string | undefined {
    return process.env[ORIGIN_SECRET.secretArnVariable] || undefined;
  },
  /** Where a user goes after the migration password change. */
  get identityPortalUrl(): string {
    return process.env.IDENTITY_PORTAL_URL || 'https://myaccount.microsoft.com/';
  },
  /** The deployment's MQTT topic root (set by CDK; default `portal/v1`): two levels like `staging/v1`, or an error. */
  get mqttTopicRoot(): string {
    return topicRootOf(process.env.MQTT_TOPIC_ROOT);
  },
  /** The scheduling adapter: 'eventbridge' (set by CDK) or 'table' (set by the local runtime). */
  get scheduler(): 'eventbridge' | 'table' {
    const value = process.env[SCHEDULER_ENV.kind];
    if (value === 'eventbridge' || value === 'table') return value;
    throw new Error(`${SCHEDULER_ENV.kind} must be 'eventbridge' (AWS) or 'table' (local runtime), got ${value ? `'${value}'` : 'nothing'}`);
  },
  get schedulerGroupName(): string {
    return required(SCHEDULER_ENV.groupName);
  },
  /** The role EventBridge Scheduler assumes to invoke targets and write to the dead-letter queue. */
  get schedulerRoleArn(): string {
    return required(SCHEDULER_ENV.roleArn);
  },
  get schedulerDlqArn(): string {
    return required(SCHEDULER_ENV.dlqArn);
  },
  /** The scheduled-event function of a module, e.g. SCHEDULE_TARGET_ARN_NOTIFICATIONS. */
  scheduleTargetArn(module: string): string {
    return required(scheduleTargetVariable(module));
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
