import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localeParts } from '../../frontend/build/locale-parts.ts';

/**
 * The build's merge of a feature's parts of shared namespaces (decision 0084), on a tree of its own:
 * the parts land in the namespace, leave the feature's own strings, and a key given twice is refused.
 */
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function tree(files: Record<string, unknown>): string {
  const src = join(mkdtempSync(join(tmpdir(), 'locale-parts-')), 'src');
  roots.push(join(src, '..'));
  for (const [path, strings] of Object.entries(files)) {
    mkdirSync(join(src, path, '..'), { recursive: true });
    writeFileSync(join(src, path), JSON.stringify(strings));
  }
  return src;
}

function load(src: string, path: string, strings: unknown): unknown {
  const plugin = localeParts(src);
  const transform = plugin.transform as (this: { addWatchFile(file: string): void }, code: string, id: string) => { code: string } | null;
  const result = transform.call({ addWatchFile: () => undefined }, JSON.stringify(strings), join(src, path));
  return result ? JSON.parse(result.code) : strings;
}

describe('locale parts', () => {
  const feature = { title: 'Tasks page', '@app': { nav: { tasks: 'Tasks' } }, '@server-errors': { tasks: { notFound: 'Task not found' } } };

  it("merge a feature's parts into the shared namespaces and leave them out of its own", () => {
    const src = tree({ 'features/tasks/locales/en.json': feature, 'app/locales/en.json': { nav: { users: 'Users' } }, 'app/server-errors/locales/en.json': {} });
    expect(load(src, 'app/locales/en.json', { nav: { users: 'Users' } })).toEqual({ nav: { users: 'Users', tasks: 'Tasks' } });
    expect(load(src, 'app/server-errors/locales/en.json', {})).toEqual({ tasks: { notFound: 'Task not found' } });
    expect(load(src, 'features/tasks/locales/en.json', feature)).toEqual({ title: 'Tasks page' });
    // Another language's file takes only that language's parts.
    expect(load(src, 'app/locales/de.json', { nav: { users: 'Benutzer' } })).toEqual({ nav: { users: 'Benutzer' } });
  });

  it('refuse a key the namespace or another feature already gives', () => {
    const src = tree({ 'features/tasks/locales/en.json': feature, 'features/other/locales/en.json': { '@app': { nav: { tasks: 'Other' } } } });
    expect(() => load(src, 'app/locales/en.json', { nav: {} })).toThrow(/nav\.tasks is already given/);
  });
});
