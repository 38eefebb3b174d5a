import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

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
