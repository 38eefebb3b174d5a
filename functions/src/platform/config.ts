import { DEFAULT_LOCAL_TABLE_NAME } from '@portal/shared/db/table';

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
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
