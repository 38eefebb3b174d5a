import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NEEDS } from '../../infra/aws/function-needs.ts';
import type { TableUser } from '../../infra/aws/table-access.ts';
import { LAMBDAS, bundledPortal, inspect } from './support.ts';

/** Each Lambda's bundle (minified ESM, without its source map) stays within this (docs/performance.md, issue 30). */
const MAX_BUNDLE_BYTES = 400_000;

/**
 * Code that runs only in the local runtime: the MQTT client of the delivery port's local adapter
 * and the local adapters themselves. An AWS bundle carries the AWS adapters only (docs/architecture.md,
 * "Adapters are chosen at the entry").
 */
const LOCAL_ONLY = [
  /node_modules\/(mqtt|mqtt-packet|ws|readable-stream)\//,
  /platform\/delivery\/mqtt\.adapter\.ts$/,
  /platform\/scheduling\/table\.adapter\.ts$/,
  /platform\/storage\/file\.adapter\.ts$/,
  /platform\/crypto\/local-key\.adapter\.ts$/,
  // The in-process delivery queue and everything else of the local runtime.
  /infra\/local\//,
];
const SQS_QUEUE_ADAPTER = /platform\/delivery\/sqs-queue\.adapter\.ts$/;
const IOT_DATA_ADAPTER = /platform\/delivery\/iot-data\.adapter\.ts$/;
const EVENTBRIDGE_ADAPTER = /platform\/scheduling\/eventbridge\.adapter\.ts$/;
const S3_STORAGE_ADAPTER = /platform\/storage\/s3\.adapter\.ts$/;
const KMS_CIPHER_ADAPTER = /platform\/crypto\/kms\.adapter\.ts$/;

const NAMES = Object.keys(LAMBDAS) as TableUser[];

describe('Lambda bundles, as `npx cdk synth` builds them', () => {
  const bundles = new Map<TableUser, { bytes: number; sources: string[] }>();
  const bundle = (name: TableUser) => bundles.get(name)!;
  const carries = (name: TableUser, pattern: RegExp) => bundle(name).sources.some((source) => pattern.test(source));
  const portal = bundledPortal();

  beforeAll(() => {
    const { template, bundleOf } = portal.synth();
    const { fnByDescription } = inspect(template);
    for (const name of NAMES) {
      const { code, sourceMap } = bundleOf(fnByDescription(LAMBDAS[name].description)[1]);
      bundles.set(name, { bytes: code.length, sources: sourceMap.sources });
    }
    const width = Math.max(...NAMES.map((name) => name.length));
    console.log(
      [`${'function'.padEnd(width)}  ${'bytes'.padStart(9)}`, ...NAMES.map((name) => `${name.padEnd(width)}  ${bundle(name).bytes.toLocaleString('en-US').padStart(9)}`)].join('\n'),
    );
  }, 300_000);

  it.each(NAMES)(`%s is at most ${MAX_BUNDLE_BYTES.toLocaleString('en-US')} bytes minified`, (name) => {
    expect(bundle(name).bytes).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  });

  it.each(NAMES)('%s carries no local-only code (MQTT client, local adapters)', (name) => {
    expect(bundle(name).sources.filter((source) => LOCAL_ONLY.some((pattern) => pattern.test(source)))).toEqual([]);
  });

  // The AWS adapters are registered by the entries that use them, exactly as FUNCTION_NEEDS says,
  // the table CDK derives variables and grants from: a function given a queue's URL but no SQS
  // adapter (the shifts API once) would fail on AWS at its first send.
  it.each(NAMES)('%s registers the IoT data adapter exactly when FUNCTION_NEEDS says it publishes', (name) => {
    expect(carries(name, IOT_DATA_ADAPTER)).toBe(FUNCTION_NEEDS[name].publishes !== undefined);
  });

  it.each(NAMES)('%s registers the SQS delivery queue adapter exactly when FUNCTION_NEEDS gives it queues to send to or one to consume (decisions 0020, 0054)', (name) => {
    expect(carries(name, SQS_QUEUE_ADAPTER)).toBe((FUNCTION_NEEDS[name].queues ?? []).length > 0 || FUNCTION_NEEDS[name].consumes !== undefined);
  });

  it.each(NAMES)('%s carries the S3 storage adapter exactly when FUNCTION_NEEDS gives it the assets bucket', (name) => {
    expect(carries(name, S3_STORAGE_ADAPTER)).toBe(FUNCTION_NEEDS[name].assets === true);
  });

  it.each(NAMES)('%s carries the KMS secret cipher adapter exactly when FUNCTION_NEEDS gives it the secrets key (decision 0057)', (name) => {
    expect(carries(name, KMS_CIPHER_ADAPTER)).toBe(FUNCTION_NEEDS[name].kms === true);
  });

  it.each(NAMES)('%s registers the EventBridge Scheduler adapter exactly when FUNCTION_NEEDS gives it schedules', (name) => {
    expect(carries(name, EVENTBRIDGE_ADAPTER)).toBe((FUNCTION_NEEDS[name].schedules ?? []).length > 0);
  });
});
