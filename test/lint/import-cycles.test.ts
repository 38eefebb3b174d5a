import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, internalImports, moduleGraph } from './import-cycles.ts';

/** No import cycles in the frontend: form models and helpers live in utils, which components import, never the reverse. */
describe('frontend import cycles', () => {
  it('finds none in frontend/src', () => {
    expect(importCycles(importGraph('frontend/src'))).toEqual([]);
  });

  it('names a cycle a helper importing the component that imports it would close', () => {
    // ui/side-card.tsx imports ui/use-latest.ts: use-latest importing the side card closes a cycle.
    const back = "import { SideCard } from './side-card.tsx';\nexport const x = SideCard;\n";
    const [cycle, ...more] = importCycles(importGraph('frontend/src', { 'frontend/src/ui/use-latest.ts': back }));
    expect(more).toEqual([]);
    expect(cycle).toEqual(expect.arrayContaining(['frontend/src/ui/side-card.tsx', 'frontend/src/ui/use-latest.ts']));
    expect(importCycles(importGraph('frontend/src', { 'frontend/src/ui/some-new-helper.ts': back }))).toEqual([]);
  });
});

/** No import cycles in the other workspaces either (issue 29): the backend's files, shared and infra (node_modules and cdk.out aside). */
describe('backend, shared and infra import cycles', () => {
  it.each(['functions/src', 'shared/src', 'infra'])('finds none in %s', (root) => {
    expect(importCycles(importGraph(root))).toEqual([]);
  });

  it('names the cycle automation calling device-config back would close', () => {
    // device-config reads automation's trigger menus; automation calling device-config back, as it
    // once called devices' republish, closes the loop (decision 0064).
    const back = "import { registerDeviceConfigListeners } from '../device-config/public.ts';\nexport const x = registerDeviceConfigListeners;\n";
    const cycles = importCycles(importGraph('functions/src', { 'functions/src/automation/trigger-groups.service.ts': back }));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toEqual(expect.arrayContaining(['functions/src/automation/public.ts', 'functions/src/device-config/public.ts']));
  });
});

/**
 * The functions' modules (functions/src/<module>/): one reaches another only through its public.ts
 * (decision 0014; ESLint refuses it too, this walks every file of the tree, subfolders included),
 * and the modules depend on each other without a loop: a module whose data another shows signals
 * it, never calls it (decision 0064). The Lambda entries (handler files) compose and stay outside.
 */
describe('functions modules', () => {
  const graph = importGraph('functions/src');

  it("import no other module's internals, only its public.ts", () => {
    expect(internalImports(graph)).toEqual([]);
    const reach = "import { deviceChanged } from '../devices/device-signals.ts';\nexport const x = deviceChanged;\n";
    expect(internalImports(importGraph('functions/src', { 'functions/src/users/new-thing.ts': reach }))).toEqual([
      'functions/src/users/new-thing.ts -> functions/src/devices/device-signals.ts',
    ]);
  });

  it('depend on each other without a cycle', () => {
    const modules = moduleGraph(graph);
    expect(modules.get('device-config')).toEqual(['automation', 'devices', 'settings', 'users']);
    expect(importCycles(modules)).toEqual([]);
  });

  it('are drawn as they are in docs/architecture.md (issue 29)', () => {
    // The diagram's lines: "a, b ──> c, d (a note)"; "(platform only)" is no arrow.
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    const block = doc.slice(doc.indexOf('**The modules and their allowed arrows')).split('```')[1]!;
    const drawn: Record<string, string[]> = {};
    for (const line of block.trim().split('\n')) {
      const [from, to] = line.split(/─+>/) as [string, string];
      const targets = to.replace(/\(.*\)/, '').split(',').map((name) => name.trim()).filter(Boolean).sort();
      for (const name of from.split(',').map((part) => part.trim())) drawn[name] = targets;
    }
    expect(drawn).toEqual(Object.fromEntries(moduleGraph(graph)));
  });

  it('names the module loop a service calling device-config would close', () => {
    const call = "import { watchConfigRoutes } from '../device-config/public.ts';\nexport const x = watchConfigRoutes;\n";
    const [loop, ...more] = importCycles(moduleGraph(importGraph('functions/src', { 'functions/src/settings/new-thing.ts': call })));
    expect(more).toEqual([]);
    expect(loop).toEqual(expect.arrayContaining(['device-config', 'settings']));
    // An entry composes: it may register device-config's listeners and serve its routes.
    expect(importCycles(moduleGraph(importGraph('functions/src', { 'functions/src/settings/other.handler.ts': call })))).toEqual([]);
  });
});
