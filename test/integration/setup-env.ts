import { join } from 'node:path';
import { inject } from 'vitest';
import { DELIVERY_QUEUE_DIR_ENV, SECRETS_KEY_FILE_NAME, restoreLocalAdapters } from '../../infra/local/functions.ts';

/**
 * Runs before each test file imports anything: the functions read these at load time, exactly as
 * they read Lambda's environment.
 */
const runtime = inject('runtime');
Object.assign(process.env, {
  TABLE_NAME: runtime.tableName,
  DYNAMODB_ENDPOINT: runtime.dynamoDbEndpoint,
  AWS_REGION: 'eu-central-1',
  COGNITO_ISSUER: runtime.issuer,
  COGNITO_CLIENT_ID: runtime.userPoolClientId,
  COGNITO_USER_POOL_ID: runtime.userPoolId,
  COGNITO_ENDPOINT: runtime.cognitoEndpoint,
  MQTT_URL: runtime.mqttTcpUrl,
  MQTT_INTERNAL_TOKEN: runtime.mqttInternalToken,
  SIGNUP_CODES: 'IT-CODE-1,IT-CODE-2',
  IDENTITY_PORTAL_URL: 'https://identity.example.test/portal',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
  // The storage port's file adapter, in the run's temporary data directory (as the runtime sets it).
  ASSETS_DIR: join(runtime.dataDir, 'assets'),
  // The secret cipher port's local adapter (webhook secrets, decision 0057): the runtime's key.
  SECRETS_KEY_FILE: join(runtime.dataDir, SECRETS_KEY_FILE_NAME),
});
// Each file's delivery queue in its own memory. The run's runtime (global-setup.ts) set its journal
// directory in the environment this worker inherited, and a queue on that directory takes up every
// record it finds there: the runtime's own and those an earlier file left (reliability.md Open 10:
// a short action step's `action.forward` job of another file, failing five times in tasks-schedule).
delete process.env[DELIVERY_QUEUE_DIR_ENV];
// The local runtime's adapters (MQTT, table scheduler), as in the runtime: tests call services
// directly too, not only through the handlers that infra/local/functions.ts loads. Again for each
// file, with a new in-process queue: the integration project's files share one module instance,
// and a file may have left a queue of its own registered, or jobs of its own waiting.
restoreLocalAdapters();
