import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceMappedStack, withSourceMappedStack } from './source-mapped-stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mapped-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A bundle built as the Lambdas are (minified ESM with a map, no sources' text), and the stack it throws in plain Node. */
async function thrownStack(): Promise<string> {
  mkdirSource();
  const outfile = path.join(dir, 'out', 'index.mjs');
  await build({ entryPoints: [path.join(dir, 'src', 'entry.ts')], bundle: true, platform: 'node', format: 'esm', minify: true, sourcemap: true, sourcesContent: false, outfile, logLevel: 'silent' });
  const script = `import(${JSON.stringify(`file://${outfile}`)}).then((m) => { try { m.handler(); } catch (e) { process.stdout.write(e.stack); } });`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
}

function mkdirSource() {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'fail.ts'), ['export function failDeep(n: number): never {', '  // line 3 throws', "  throw new Error('boom ' + n);", '}', ''].join('\n'));
  writeFileSync(path.join(dir, 'src', 'entry.ts'), ["import { failDeep } from './fail.ts';", '', 'export function handler() {', '  return failDeep(2);', '}', ''].join('\n'));
}

describe('sourceMappedStack', () => {
  it("maps a minified bundle's frames to the sources' files, lines and columns", async () => {
    const stack = await thrownStack();
    expect(stack).toMatch(/out\/index\.mjs:1:\d+/); // Node alone reports the one minified line

    const mapped = sourceMappedStack(stack)!;
    const lines = mapped.split('\n');
    expect(lines[0]).toBe('Error: boom 2');
    expect(lines[1]).toMatch(/^ {4}at \S+ \(src\/fail\.ts:3:9\)$/);
    expect(lines[2]).toMatch(/^ {4}at \S+ \(src\/entry\.ts:4:10\)$/);
    expect(mapped).not.toContain('out/index.mjs');
  });

  it('leaves frames without a map beside their file as they are', () => {
    const stack = ['Error: x', '    at run (node:internal/main:1:2)', '    at load (/nowhere/file.js:10:5)', '    at file:///nowhere/other.mjs:3:4'].join('\n');
    expect(sourceMappedStack(stack)).toBe(stack);
    expect(sourceMappedStack(undefined)).toBeUndefined();
  });

  it("rewrites an error's stack and its cause's in place, and passes other values through", async () => {
    const stack = await thrownStack();
    const cause = Object.assign(new Error('inner'), { stack });
    const error = Object.assign(new Error('outer', { cause }), { stack });
    expect(withSourceMappedStack(error)).toBe(error);
    expect(error.stack).toContain('src/fail.ts:3:9');
    expect(cause.stack).toContain('src/entry.ts:4:10');
    expect(withSourceMappedStack('text')).toBe('text');
  });
});
