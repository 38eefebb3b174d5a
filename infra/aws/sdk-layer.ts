import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import type { Construct } from 'constructs';
import { LOCK_FILE, REPO_ROOT } from './repo-paths.ts';

const FUNCTIONS_DIR = path.join(REPO_ROOT, 'functions');
const SDK_SCOPE = '@aws-sdk/';

/**
 * The `@aws-sdk/*` packages the functions' bundles import (they leave the SDK external, as
 * NodejsFunction does on Node 18 and later): the functions workspace's own SDK dependencies and
 * those of its other dependencies (electrodb imports lib-dynamodb and util-dynamodb). Read from the
 * package.json files, so a new client is in the layer as soon as it is a dependency.
 */
let packagesOfThisInstall: string[] | undefined;

export function sdkLayerPackages(): string[] {
  // Read once per process: every PortalFunction asks for its externals.
  if (packagesOfThisInstall) return [...packagesOfThisInstall];
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (dir: string) => {
    const manifest = readManifest(dir);
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (name.startsWith(SDK_SCOPE)) found.add(name);
      else if (!seen.has(name)) {
        seen.add(name);
        visit(packageDir(name, dir));
      }
    }
  };
  visit(FUNCTIONS_DIR);
  packagesOfThisInstall = [...found].sort();
  return [...packagesOfThisInstall];
}

type Manifest = { version: string; dependencies?: Record<string, string> };
const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where Node finds `name` from `fromDir` (the nearest node_modules up the tree); not through `exports`, which may hide package.json. */
function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed (from ${fromDir}): run npm ci`);
  }
}

/**
 * Writes the layer's content into `outDir`: `nodejs/node_modules/<package>/index.js` per package,
 * one CommonJS file each with the package's own SDK internals (`@smithy/*`, credential providers)
 * inside and the other layer packages left as imports, so lib-dynamodb and electrodb share the one
 * client-dynamodb. CommonJS, as the packages' own `main`: ES module imports and `require` (electrodb
 * is CommonJS) get the same instance, as they do from the repository's node_modules.
 */
export function buildSdkLayer(outDir: string, packages = sdkLayerPackages()): void {
  for (const name of packages) {
    const dir = path.join(outDir, 'nodejs', 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    buildSync({
      stdin: { contents: `export * from '${name}';`, resolveDir: FUNCTIONS_DIR, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      minify: true,
      // The ES builds let esbuild see every export name, which it writes where Node's CommonJS
      // lexer finds them, so `import { GetCommand } from '@aws-sdk/lib-dynamodb'` works.
      mainFields: ['module', 'main'],
      external: packages.filter((other) => other !== name),
      legalComments: 'none',
      logLevel: 'error',
      outfile: path.join(dir, 'index.js'),
    });
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name, version: readManifest(packageDir(name, FUNCTIONS_DIR)).version, main: 'index.js' }, null, 2)}\n`);
  }
}

/** Changes when the locked versions or this builder change, and only then: the asset is rebuilt then. */
const layerHash = () =>
  createHash('sha256')
    .update(readFileSync(LOCK_FILE))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex');

/**
 * The AWS SDK every portal function runs with on Lambda, built from the repository's locked
 * packages: the SDK the tests and aws-emulated run, not the runtime's, which AWS updates on its own
 * schedule. A layer's `nodejs/node_modules` comes before the runtime's SDK in Lambda's module
 * resolution; the bundles stay small (their 400 kB budget) and share the layer (decision 0063).
 * One per stack.
 */
export function sdkLayer(scope: Construct): LayerVersion {
  const stack = Stack.of(scope);
  const id = 'AwsSdkLayer';
  const existing = stack.node.tryFindChild(id);
  if (existing) return existing as LayerVersion;
  return new LayerVersion(stack, id, {
    description: 'AWS SDK for JavaScript v3 at the versions the repository locks (package-lock.json)',
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    compatibleArchitectures: [Architecture.ARM_64],
    code: Code.fromAsset(path.dirname(fileURLToPath(import.meta.url)), {
      assetHash: layerHash(),
      assetHashType: AssetHashType.CUSTOM,
      bundling: {
        // Never used: the local build always succeeds or throws; esbuild needs no container.
        image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
        local: {
          tryBundle(outputDir) {
            buildSdkLayer(outputDir);
            return true;
          },
        },
      },
    }),
  });
}
