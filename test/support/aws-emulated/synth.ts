import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../infra/aws/repo-paths.ts';

/** Where the harness keeps its cloud assembly (gitignored with every `cdk.out/`). */
export const ASSEMBLY_DIR = path.join(REPO_ROOT, 'cdk.out', 'aws-emulated');
/** The stack `npx cdk synth` makes without `-c deployment` (infra/aws/deployment.ts). */
export const STACK_NAME = 'Portal-portal';
export const templatePath = (outdir = ASSEMBLY_DIR) => path.join(outdir, `${STACK_NAME}.template.json`);

/** What the bundles and the template are made from: a change to any of these needs a new synth. */
const SOURCES = ['functions/src', 'shared/src', 'infra/aws', 'cdk.json', 'package-lock.json'].map((p) => path.join(REPO_ROOT, p));

function newestChange(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), stat.mtimeMs);
}

/** The SPA's bytes do not matter to the harness (it serves frontend/dist itself): a stand-in keeps synth small. */
function stubSpa(outdir: string): string {
  const dir = `${outdir}-spa`;
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  return dir;
}

/**
 * Synthesises the portal stack as `npx cdk synth` does (cdk.json's context, esbuild bundling,
 * cdk-nag) into `outdir`, unless the assembly there is newer than every source. Bundling all the
 * functions takes minutes on two shared cores, so a run synthesises at most once.
 */
export async function synthesise(outdir = ASSEMBLY_DIR, options: { force?: boolean } = {}): Promise<{ outdir: string; synthesised: boolean }> {
  const template = templatePath(outdir);
  // AWS_EMULATED_REUSE=1 keeps an existing assembly whatever changed since (a shared checkout where
  // others edit the sources all the time); say so in any result it gives.
  const reuse = process.env.AWS_EMULATED_REUSE === '1' && existsSync(template);
  if (!options.force && (reuse || (existsSync(template) && statSync(template).mtimeMs > Math.max(...SOURCES.map(newestChange))))) {
    return { outdir, synthesised: false };
  }
  const { createPortalApp } = await import('../../../infra/aws/portal-app.ts');
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const { app } = createPortalApp({ frontendDistPath: stubSpa(outdir), context: { ...cdkJson.context }, outdir });
  app.synth();
  return { outdir, synthesised: true };
}
