import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_DELIVERY_FUNCTIONS, SENDING_DELIVERY_MODULES } from '../../infra/aws/delivery.construct.ts';
import { SCHEDULING_EVENT_FUNCTIONS, schedulingModules } from '../../infra/aws/event-functions.ts';
import { IOT_PUBLISH } from '../../infra/aws/iot-publish.ts';
import type { TableUser } from '../../infra/aws/table-access.ts';
import { LAMBDAS, bundledPortal, inspect } from './support.ts';

/** Each Lambda's bundle (minified ESM, without its source map) stays within this (docs/performance.md). */
const MAX_BUNDLE_BYTES = 420_000;

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
  // The in-process delivery queue and everything else of the local runtime.
  /infra\/local\//,
];
const SQS_QUEUE_ADAPTER = /platform\/delivery\/sqs-queue\.adapter\.ts$/;
/**
 * The functions that queue sends or jobs (infra/aws/delivery.construct.ts: the senders): the sending
 * modules' functions, the automation functions that fire triggers, and the delivery functions that
 * send a fired template (decision 0039).
 */
const QUEUE_SENDERS: readonly TableUser[] = [
  'notifications',
  'notificationsScheduled',
  'actions',
  'actionsScheduled',
  'actionsUplink',
  'tasks',
  'tasksScheduled',
  'tasksUplink',
  'automation',
  'automationUplink',
  ...SENDING_DELIVERY_MODULES.map((module) => `${module}Delivery` as const),
];
const IOT_DATA_ADAPTER = /platform\/delivery\/iot-data\.adapter\.ts$/;
const EVENTBRIDGE_ADAPTER = /platform\/scheduling\/eventbridge\.adapter\.ts$/;
const S3_STORAGE_ADAPTER = /platform\/storage\/s3\.adapter\.ts$/;

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

  // The AWS adapters are registered by the entries that use them: a publisher without the IoT data
  // adapter, or a schedule creator without the EventBridge one, would fail on AWS at its first call.
  it.each(NAMES)('%s registers the IoT data adapter exactly when it may publish (infra/aws/iot-publish.ts)', (name) => {
    expect(carries(name, IOT_DATA_ADAPTER)).toBe(name in IOT_PUBLISH);
  });

  it.each(NAMES)('%s registers the SQS delivery queue adapter exactly when it queues sends (decision 0020)', (name) => {
    expect(carries(name, SQS_QUEUE_ADAPTER)).toBe(QUEUE_SENDERS.includes(name));
  });

  // The logo's storage: the settings entry registers S3; no other function touches the storage port.
  it.each(NAMES)('%s carries the S3 storage adapter exactly when it is the settings function', (name) => {
    expect(carries(name, S3_STORAGE_ADAPTER)).toBe(name === 'settings');
  });

  it.each(NAMES)('%s registers the EventBridge Scheduler adapter exactly when it may create schedules', (name) => {
    expect(carries(name, EVENTBRIDGE_ADAPTER)).toBe([...schedulingModules(), ...SCHEDULING_EVENT_FUNCTIONS, ...SCHEDULING_DELIVERY_FUNCTIONS].includes(name as never));
  });
});
