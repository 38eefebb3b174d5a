import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGETS, filesOf, measureRoutes, overBudget, strings, type Manifest } from './bundle-size.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/page.tsx', '_locale-app-en.js', '_locale-app-de.js', '_locale-page-en.js', '_locale-page-de.js'],
    css: ['assets/index.css'],
  },
  '_locale-app-en.js': { file: 'assets/locale-app-en.js', name: 'locale-app-en' },
  '_locale-app-de.js': { file: 'assets/locale-app-de.js', name: 'locale-app-de' },
  '_locale-page-en.js': { file: 'assets/locale-page-en.js', name: 'locale-page-en' },
  '_locale-page-de.js': { file: 'assets/locale-page-de.js', name: 'locale-page-de' },
  '_react.js': { file: 'assets/react.js' },
  'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_form.js', '_react.js'], css: ['assets/page.css'] },
  '_form.js': { file: 'assets/form.js', dynamicImports: ['src/overlay.tsx'] },
  'src/overlay.tsx': { file: 'assets/overlay.js', isDynamicEntry: true, imports: ['_form.js'] },
};

describe('filesOf', () => {
  it('follows static imports and their CSS, not dynamic imports', () => {
    expect([...filesOf(manifest, ['index.html'])].sort()).toEqual(['assets/index.css', 'assets/index.js', 'assets/react.js']);
    expect([...filesOf(manifest, ['index.html', 'src/page.tsx'])].sort()).toEqual([
      'assets/form.js',
      'assets/index.css',
      'assets/index.js',
      'assets/page.css',
      'assets/page.js',
      'assets/react.js',
    ]);
  });

  it('finds a locale file’s chunk by its name', () => {
    expect([...filesOf(manifest, [strings('page')])]).toEqual(['assets/locale-page-en.js']);
  });

  it('names a lazy chunk that is not in the build', () => {
    expect(() => filesOf(manifest, ['src/gone.tsx'])).toThrow(/src\/gone.tsx is not in the build manifest/);
    expect(() => filesOf(manifest, [strings('gone')])).toThrow(/locale-gone-en is not in the build manifest/);
  });
});

describe('measureRoutes', () => {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-size-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const content: Record<string, string> = {};
  for (const chunk of Object.values(manifest)) for (const file of [chunk.file, ...(chunk.css ?? [])]) content[file] = `/* ${file} */ ${'x'.repeat(file.length * 7)}`;
  for (const [file, text] of Object.entries(content)) writeFileSync(join(dist, file), text);
  const gz = (file: string) => gzipSync(content[file]!).length;

  it('sums gzip bytes of the entry, the app’s strings in the default language and the route’s lazy chunks, JS and CSS apart', () => {
    const [size] = measureRoutes(dist, [{ route: '/page', kind: 'feature', lazy: ['src/page.tsx', strings('page')] }]);
    const files = ['assets/index.js', 'assets/react.js', 'assets/locale-app-en.js', 'assets/locale-page-en.js', 'assets/page.js', 'assets/form.js'];
    expect(size!.js).toBe(files.reduce((sum, file) => sum + gz(file), 0));
    expect(size!.css).toBe(gz('assets/index.css') + gz('assets/page.css'));
  });

  it('reports each broken budget with its figure', () => {
    const route = { route: '/signin', kind: 'signIn' as const, lazy: [], files: [] };
    expect(overBudget([{ ...route, js: BUDGETS.signIn, css: BUDGETS.css }])).toEqual([]);
    expect(overBudget([{ ...route, js: 161_234, css: 15_001 }])).toEqual([
      '/signin: 161234 bytes gzip JS, budget 160000',
      '/signin: 15001 bytes gzip CSS, budget 15000',
    ]);
  });
});
