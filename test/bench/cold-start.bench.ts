/**
 * Cold-start benchmark (issue 12): synthesises the portal app as `npx cdk synth` does (CDK's
 * NodejsFunction bundling: esbuild, minified ESM, source maps), then loads each function's bundle in
 * a fresh Node process, ROUNDS times, next to a handler of under 400 bytes that reads one DynamoDB item, loaded the same way in the same run.
 * Init is what the child measures from its own start (performance.timeOrigin) until the bundle's
 * module has been evaluated, with the function's NODE_OPTIONS and environment (the baseline with the
 * options the functions have; none since decision 0045).
 * Prints the median init of each function, its spread, and the ratio to the baseline's median.
 * `BENCH_SOURCE_MAPS=1` also loads every function (and the baseline) with `--enable-source-maps`, in
 * the same interleaved rounds: a `+ source maps` row each, its ratio to the same baseline, and the
 * size of the map Node then parses at init (decision 0061).
 * Figures only: it never fails on time. `npm run bench:cold-start` (about four minutes; twice that
 * with BENCH_SOURCE_MAPS).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { createPortalApp } from '../../infra/aws/portal-app.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { aim, machine, median, spread, table } from './machine.ts';

// 21 by default: a single load's wall time varies by half even on the quiet machine, and with 11
// the same function's median moved by 0.15 of the ratio from one run to the next.
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 21));
const WITH_SOURCE_MAPS = process.env.BENCH_SOURCE_MAPS === '1';

// Outside the repository: a bundle's external `@aws-sdk/*` imports resolve to the SDK layer's
// packages, copied to the one node_modules above the bundles, as on Lambda (decision 0063).
const workDir = mkdtempSync(path.join(tmpdir(), 'cold-start-bench-'));
const frontendDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
mkdirSync(path.join(frontendDist, 'assets'));
writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>portal</title>');

interface LambdaBundle {
  name: string;
  file: string;
  bytes: number;
  /** Bytes of the source map beside the bundle (`index.mjs.map`); 0 without one. */
  mapBytes: number;
  environment: Record<string, string>;
  nodeOptions: string[];
}

/** CloudFormation tokens in the environment (Refs, GetAtts) become plausible literal values. */
function literal(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (/ISSUER|URL/.test(name)) return 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_bench';
  if (/ARN/.test(name)) return `arn:aws:lambda:eu-central-1:123456789012:function:bench-${name.toLowerCase()}`;
  return `bench-${name.toLowerCase()}`;
}

/** `Portal API module 'users'` → users; `Notifications: scheduled sends…` → notifications: scheduled sends. */
function nameOf(description: string): string {
  const module = /^Portal API module '([\w-]+)'$/.exec(description)?.[1];
  return module ?? description.split(/[,(]/)[0]!.trim().toLowerCase().slice(0, 40);
}

function synthesise(): LambdaBundle[] {
  const started = performance.now();
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const outdir = path.join(workDir, 'assembly');
  const { stack } = createPortalApp({ frontendDistPath: frontendDist, context: { ...cdkJson.context }, outdir });
  const template = Template.fromStack(stack);
  const layer = Object.entries(template.findResources('AWS::Lambda::LayerVersion')).find(([id]) => id.startsWith('AwsSdkLayer'))?.[1] as { Properties: Record<string, any> } | undefined;
  if (!layer) throw new Error('no AwsSdkLayer in the template (infra/aws/sdk-layer.ts)');
  const layerKey = String(layer.Properties.Content.S3Key);
  cpSync(path.join(outdir, `asset.${layerKey.slice(0, -4)}`, 'nodejs', 'node_modules'), path.join(workDir, 'node_modules'), { recursive: true });
  const bundles: LambdaBundle[] = [];
  for (const fn of Object.values(template.findResources('AWS::Lambda::Function')) as Array<{ Properties: Record<string, any> }>) {
    const key = fn.Properties.Code?.S3Key as string | undefined;
    const description = fn.Properties.Description as string | undefined;
    const file = key?.endsWith('.zip') ? path.join(outdir, `asset.${key.slice(0, -4)}`, 'index.mjs') : '';
    // The portal's functions only: CDK's own custom-resource handlers are no NodejsFunction bundles.
    if (!description || !existsSync(file)) continue;
    const variables = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
    const environment = Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, literal(name, value)]));
    const { NODE_OPTIONS: nodeOptions = '', ...rest } = environment;
    const mapBytes = existsSync(`${file}.map`) ? readFileSync(`${file}.map`).length : 0;
    bundles.push({ name: nameOf(description), file, bytes: readFileSync(file).length, mapBytes, environment: rest, nodeOptions: nodeOptions.split(/\s+/).filter(Boolean) });
  }
  console.log(`synthesised and bundled ${bundles.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return bundles.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The baseline: a handler of under 400 bytes that reads one item with the DynamoDB document client,
 * the least any function of the portal loads (the SDK from the same layer, as the bundles), loaded with
 * the same options as a portal function.
 */
function baseline(nodeOptions: string[]): LambdaBundle {
  const dir = path.join(workDir, 'baseline');
  mkdirSync(dir, { recursive: true });
  const code = [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';",
    'const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    'export const handler = async (e) => {',
    "  const r = await db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: e.id, sk: 'A' } }));",
    '  return { statusCode: 200, body: JSON.stringify(r.Item) };',
    '};',
    '',
  ].join('\n');
  const file = path.join(dir, 'index.mjs');
  writeFileSync(file, code);
  return { name: 'baseline (DynamoDB get, <400 bytes)', file, bytes: code.length, mapBytes: 0, environment: { TABLE_NAME: 'bench-table' }, nodeOptions };
}

// The child: imports the bundle, checks it exports a handler, prints ms since its own start.
const loader = path.join(workDir, 'load.mjs');
writeFileSync(
  loader,
  [
    "import { pathToFileURL } from 'node:url';",
    'const before = performance.now();',
    'const module = await import(pathToFileURL(process.argv[2]).href);',
    'const init = performance.now();',
    "if (typeof module.handler !== 'function') throw new Error('no handler exported');",
    'const cpu = process.cpuUsage();',
    'process.stdout.write(JSON.stringify({ init, evaluate: init - before, cpu: (cpu.user + cpu.system) / 1000 }));',
  ].join('\n'),
);

interface Load {
  /** Wall time from the process's start until the module is evaluated. */
  init: number;
  /** Of it, the import of the bundle. */
  evaluate: number;
  /** CPU time (user + system) of the process until then: less disturbed by other load on the machine. */
  cpu: number;
}

function load(bundle: LambdaBundle): Load {
  const out = execFileSync(process.execPath, [...bundle.nodeOptions, loader, bundle.file], {
    env: { PATH: process.env.PATH, AWS_REGION: 'eu-central-1', AWS_LAMBDA_FUNCTION_NAME: bundle.name, ...bundle.environment },
    encoding: 'utf8',
    // The SDK's warning about Node versions, once per process, would bury the table; a failing load
    // still shows its stderr in the error.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as Load;
}

try {
  const functions = synthesise();
  const options = [...new Set(functions.map((b) => b.nodeOptions.join(' ')))];
  if (options.length !== 1) throw new Error(`the functions start with different NODE_OPTIONS: ${options.join(' | ')}`);
  const measured = [baseline(functions[0]!.nodeOptions), ...functions];
  // The same bundles started with --enable-source-maps (decision 0061), when asked for.
  const withMaps = (b: LambdaBundle): LambdaBundle => ({ ...b, name: `${b.name.slice(0, 25)} + source maps`, nodeOptions: [...b.nodeOptions, '--enable-source-maps'] });
  const bundles = WITH_SOURCE_MAPS ? measured.flatMap((b) => [b, withMaps(b)]) : measured;
  const loads = new Map(bundles.map((b) => [b, [] as Load[]]));
  for (const bundle of bundles) load(bundle); // warm the file cache once, not measured
  // Rounds interleave the functions, so a disturbance of the machine hits all of them alike, and
  // every other round runs in reverse order, so none always runs right after the baseline.
  for (let round = 0; round < ROUNDS; round++) {
    for (const bundle of round % 2 ? [...bundles].reverse() : bundles) {
      loads.get(bundle)!.push(load(bundle));
    }
  }
  const of = (b: LambdaBundle, figure: keyof Load) => loads.get(b)!.map((l) => l[figure]);
  const base = median(of(bundles[0]!, 'init'));
  const baseCpu = median(of(bundles[0]!, 'cpu'));
  console.log(`\nCold start: module init in a fresh Node process (NODE_OPTIONS: ${bundles[0]!.nodeOptions.join(' ') || 'none'}), median of ${ROUNDS} runs${WITH_SOURCE_MAPS ? '; `+ source maps` rows: the same with --enable-source-maps, ratio to the same baseline' : ''}; ${machine()}`);
  console.log(
    table(
      ['function', 'bundle bytes', ...(WITH_SOURCE_MAPS ? ['map bytes'] : []), 'init ms', 'spread', 'of it: import ms', 'ratio', 'cpu ms', 'spread', 'cpu ratio'],
      bundles.map((b) => [
        b.name,
        b.bytes.toLocaleString('en-US'),
        ...(WITH_SOURCE_MAPS ? [b.mapBytes.toLocaleString('en-US')] : []),
        median(of(b, 'init')).toFixed(1),
        spread(of(b, 'init')),
        median(of(b, 'evaluate')).toFixed(1),
        (median(of(b, 'init')) / base).toFixed(2),
        median(of(b, 'cpu')).toFixed(1),
        spread(of(b, 'cpu')),
        (median(of(b, 'cpu')) / baseCpu).toFixed(2),
      ]),
    ),
  );
  // The aims table's rows: the function furthest from each aim (the `+ source maps` rows are a comparison, not an aim).
  const ratios = measured.slice(1).map((b) => ({ name: b.name, init: median(of(b, 'init')) / base, cpu: median(of(b, 'cpu')) / baseCpu }));
  const slowest = ratios.reduce((a, b) => (b.init > a.init ? b : a));
  const slowestCpu = ratios.reduce((a, b) => (b.cpu > a.cpu ? b : a));
  aim(`every Lambda's init over the baseline's (${ratios.length} functions, median of ${ROUNDS})`, `at most ${slowest.init.toFixed(2)} (${slowest.name}); CPU at most ${slowestCpu.cpu.toFixed(2)}`, 'at most 1.3', slowest.init <= 1.3);
  const largest = measured.slice(1).reduce((a, b) => (b.bytes > a.bytes ? b : a));
  aim('every Lambda bundle, minified', `at most ${largest.bytes.toLocaleString('en-US')} bytes (${largest.name})`, 'at most 400,000 bytes', largest.bytes <= 400_000);
} finally {
  rmSync(frontendDist, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
}
