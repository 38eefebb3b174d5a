import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = join(import.meta.dirname, '../../frontend/src/features');
const stems = (dir: string) => {
  try {
    return readdirSync(dir).filter((name) => !name.includes('.test.')).map((name) => basename(name).replace(/\.tsx?$/, ''));
  } catch {
    return [];
  }
};

describe('the frontend layout', () => {
  it('never gives a util and a component the same file name (a form is components/x-form.tsx, its model utils/x-form-model.ts)', () => {
    const clashes = readdirSync(features).flatMap((feature) => {
      const components = new Set(stems(join(features, feature, 'components')));
      return stems(join(features, feature, 'utils'))
        .filter((stem) => components.has(stem))
        .map((stem) => `${feature}: ${stem}`);
    });
    expect(clashes).toEqual([]);
  });
});
