/**
 * Writes the service models the emulators validate against, from botocore's data folder
 * (the AWS published models, with the min/max/pattern/enum constraints that the `aws-sdk` v2
 * package's `*.min.json` strips). Documentation is dropped to keep them small.
 *
 *   npx tsx test/support/aws/models/extract-models.ts <botocore>/data
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const SERVICES = { sqs: 'sqs/2012-11-05', scheduler: 'scheduler/2021-06-30', 'iot-data': 'iot-data/2015-05-28', secretsmanager: 'secretsmanager/2017-10-17', kms: 'kms/2014-11-01' };
const DROPPED = new Set(['documentation', 'documentationUrl', 'examples', 'deprecatedMessage']);

const strip = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !DROPPED.has(k)).map(([k, v]) => [k, strip(v)]));
  return value;
};

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: extract-models.ts <botocore data folder>');
const version = readFileSync(join(dataDir, '..', '__init__.py'), 'utf8').match(/__version__ = '([^']+)'/)?.[1] ?? 'unknown';
for (const [name, path] of Object.entries(SERVICES)) {
  const file = join(dataDir, path, 'service-2.json.gz');
  const model = strip(JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'))) as Record<string, unknown>;
  model.source = `botocore ${version} data/${path}/service-2.json`;
  writeFileSync(join(dirname(fileURLToPath(import.meta.url)), `${name}.json`), `${JSON.stringify(model)}\n`);
}
