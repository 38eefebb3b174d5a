import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { sdkLayerPackages } from '../../infra/aws/sdk-layer.ts';
import { FUNCTION_NEEDS } from '../../infra/aws/function-needs.ts';
import type { TableUser } from '../../infra/aws/table-access.ts';
import { LAMBDAS, bundledPortal, inspect, type Resource } from './support.ts';

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
const DEVICE_CONFIG_LISTENERS = /device-config\/device-config\.listeners\.ts$/;
const ACTION_ANSWERS = /actions\/answers\.service\.ts$/;
const FIRING_FACT_LISTENER = /automation\/report-refresh\.ts$/;

const NAMES = Object.keys(LAMBDAS) as TableUser[];
/** A package name of the SDK in a bundle: its imports and requires of what stays external. */
const SDK_IMPORT = /["'](@aws-sdk\/[a-z0-9-]+)["']/g;

describe('Lambda bundles, as `npx cdk synth` builds them', () => {
  const bundles = new Map<TableUser, { bytes: number; sources: string[]; sdkImports: string[]; layers: unknown[] }>();
  const layer = { id: '', packages: new Map<string, string>() };
  const bundle = (name: TableUser) => bundles.get(name)!;
  const carries = (name: TableUser, pattern: RegExp) => bundle(name).sources.some((source) => pattern.test(source));
  const portal = bundledPortal();

  beforeAll(() => {
    const { template, bundleOf, assetDir } = portal.synth();
    const { fnByDescription } = inspect(template);
    for (const name of NAMES) {
      const fn = fnByDescription(LAMBDAS[name].description)[1];
      const { code, sourceMap } = bundleOf(fn);
      const sdkImports = [...new Set([...code.toString('utf8').matchAll(SDK_IMPORT)].map((m) => m[1]!))].sort();
      bundles.set(name, { bytes: code.length, sources: sourceMap.sources, sdkImports, layers: fn.Properties.Layers ?? [] });
    }
    // The stack's other layers are CDK's own (the AWS CLI of BucketDeployment and the like).
    const layers = Object.entries(template.findResources('AWS::Lambda::LayerVersion') as Record<string, Resource>).filter(([id]) => id.startsWith('AwsSdkLayer'));
    expect(layers).toHaveLength(1);
    const [[id, resource]] = layers as [[string, Resource]];
    layer.id = id;
    const modules = path.join(assetDir(resource.Properties.Content.S3Key), 'nodejs', 'node_modules');
    for (const scope of readdirSync(modules)) {
      for (const name of readdirSync(path.join(modules, scope))) {
        const manifest = JSON.parse(readFileSync(path.join(modules, scope, name, 'package.json'), 'utf8')) as { version: string };
        layer.packages.set(`${scope}/${name}`, manifest.version);
      }
    }
    const width = Math.max(...NAMES.map((name) => name.length));
    console.log(
      [`${'function'.padEnd(width)}  ${'bytes'.padStart(9)}`, ...NAMES.map((name) => `${name.padEnd(width)}  ${bundle(name).bytes.toLocaleString('en-US').padStart(9)}`)].join('\n'),
    );
  }, 300_000);

  it.each(NAMES)(`%s is at most ${MAX_BUNDLE_BYTES.toLocaleString('en-US')} bytes minified`, (name) => {
    expect(bundle(name).bytes).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  });

  // Lambda runs the SDK of the layer built from the lock, not the runtime's (decision 0063).
  it.each(NAMES)('%s runs with the one SDK layer, which holds every SDK package its bundle imports', (name) => {
    expect(bundle(name).layers).toEqual([{ Ref: layer.id }]);
    expect(bundle(name).sdkImports.length).toBeGreaterThan(0);
    expect(bundle(name).sdkImports.filter((pkg) => !layer.packages.has(pkg))).toEqual([]);
  });

  it('builds the SDK layer from the versions package-lock.json locks, one package per import the functions make', () => {
    const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    expect([...layer.packages.keys()]).toEqual(sdkLayerPackages());
    for (const [pkg, version] of layer.packages) expect(`${pkg}@${version}`).toBe(`${pkg}@${lock.packages[`node_modules/${pkg}`]?.version}`);
    // Every package the layer holds is imported by some bundle: nothing in it that no function loads.
    const imported = new Set(NAMES.flatMap((name) => bundle(name).sdkImports));
    expect([...layer.packages.keys()].filter((pkg) => !imported.has(pkg))).toEqual([]);
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

  // A module signals a change a device is shown (decision 0064); an entry that does not register
  // device-config's listeners would skip the republish without a word.
  it.each(NAMES)('%s registers the device-config listeners exactly when FUNCTION_NEEDS says it publishes device config', (name) => {
    expect(carries(name, DEVICE_CONFIG_LISTENERS)).toBe(FUNCTION_NEEDS[name].publishes === 'deviceConfig');
  });

  // An accept signals automation, which refreshes the firing's report fact (decision 0087): an entry
  // that answers actions without automation's listener would leave the firings' response times out.
  it.each(NAMES)('%s carries automation\'s firing-fact listener if it answers actions', (name) => {
    expect(!carries(name, ACTION_ANSWERS) || carries(name, FIRING_FACT_LISTENER)).toBe(true);
  });

  it.each(NAMES)('%s registers the EventBridge Scheduler adapter exactly when FUNCTION_NEEDS gives it schedules', (name) => {
    expect(carries(name, EVENTBRIDGE_ADAPTER)).toBe((FUNCTION_NEEDS[name].schedules ?? []).length > 0);
  });
});
