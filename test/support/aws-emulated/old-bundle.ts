import { execSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../../infra/aws/repo-paths.ts';
import { ASSEMBLY_DIR, templatePath } from './synth.ts';

/**
 * `npx tsx test/support/aws-emulated/old-bundle.ts <rev> <function logical id> <entry> [<source file>]`:
 * a copy of the assembly (`cdk.out/aws-emulated-at-<rev>`) whose one function's bundle is rebuilt
 * from its entry with the source file (default: the entry) as it was at <rev>, everything else as
 * it is now, with the esbuild options
 * PortalFunction gives (infra/aws/portal-function.construct.ts). Then
 * `AWS_EMULATED_ASSEMBLY=cdk.out/aws-emulated-at-<rev> npm run test:aws-emulated` shows whether a
 * test fails on the old code: how the shift week test was seen failing before its fix (issue 27):
 * `old-bundle.ts 5226fe6~1 ApiShiftsFunctionCF9097DE functions/src/shifts/handler.ts` (before 5226fe6 fixed it).
 */
const [rev, logicalId, entry, source = entry] = process.argv.slice(2);
if (!rev || !logicalId || !entry || !source) throw new Error('usage: old-bundle.ts <rev> <function logical id> <entry> [<source file>]');
const to = `${ASSEMBLY_DIR}-at-${rev.replace(/[^\w.-]/g, '_')}`;
rmSync(to, { recursive: true, force: true });
cpSync(ASSEMBLY_DIR, to, { recursive: true });
const template = JSON.parse(readFileSync(templatePath(to), 'utf8')) as { Resources: Record<string, { Properties: { Code: { S3Key: string } } }> };
const fn = template.Resources[logicalId];
if (!fn) throw new Error(`No function ${logicalId} in the template`);
const sourcePath = path.join(REPO_ROOT, source);
const old = execSync(`git show ${rev}:${source}`, { cwd: REPO_ROOT, encoding: 'utf8' });
await build({
  entryPoints: [path.join(REPO_ROOT, entry)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  external: ['@aws-sdk/*'],
  absWorkingDir: REPO_ROOT,
  outfile: path.join(to, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs'),
  banner: { js: "import { createRequire } from 'module';const require = createRequire(import.meta.url);" },
  plugins: [
    {
      name: 'source-at-rev',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => (args.path === sourcePath ? { contents: old, loader: 'ts', resolveDir: path.dirname(sourcePath) } : undefined));
      },
    },
  ],
});
console.log(`${logicalId} rebuilt with ${source} at ${rev}: ${to}`);
