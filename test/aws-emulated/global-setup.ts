import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { startAwsEmulated, type AwsEmulated } from '../support/aws-emulated/aws-emulated.ts';
import { printReport } from '../support/aws-emulated/report.ts';

export type AwsEmulatedContext = Pick<
  AwsEmulated,
  'url' | 'tableName' | 'dynamoDbEndpoint' | 'cognitoEndpoint' | 'userPoolId' | 'userPoolClientId' | 'mqttTcpUrl' | 'mqttTopicRoot' | 'mqttObserverToken'
>;

declare module 'vitest' {
  export interface ProvidedContext {
    awsEmulated: AwsEmulatedContext;
  }
}

/** Where the run's report goes (`.txt` and `.json`), beside the assembly it judged. */
export const REPORT_FILE = path.join(REPO_ROOT, 'cdk.out', 'aws-emulated-report');

/**
 * The harness starts ONCE per run (synthesising first when the sources changed): every file of the
 * project talks to it over HTTP and MQTT as a browser and watches would. At the end the report is
 * printed and written; a call some role refused fails the run here too (each file also checks).
 */
export default async function setup(project: TestProject) {
  // Two cores shared with the rest of `npm test`: the template's timeouts (5 s for the Cognito and
  // IoT triggers) doubled, so a busy machine does not fail what Lambda would run in time.
  process.env.AWS_EMULATED_TIMEOUT_SCALE ??= '2';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-aws-emulated-'));
  const portal = await startAwsEmulated({ dataDir });
  project.provide('awsEmulated', {
    url: portal.url,
    tableName: portal.tableName,
    dynamoDbEndpoint: portal.dynamoDbEndpoint,
    cognitoEndpoint: portal.cognitoEndpoint,
    userPoolId: portal.userPoolId,
    userPoolClientId: portal.userPoolClientId,
    mqttTcpUrl: portal.mqttTcpUrl,
    mqttTopicRoot: portal.mqttTopicRoot,
    mqttObserverToken: portal.mqttObserverToken,
  });
  return async () => {
    mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    const report = printReport(portal, REPORT_FILE);
    await portal.stop();
    if (!process.env.KEEP_AWS_EMULATED_DATA) rmSync(dataDir, { recursive: true, force: true });
    if (report.refused.length) throw new Error(`${report.refused.length} AWS call(s) refused by their role: see ${REPORT_FILE}.txt`);
  };
}
