import { describe, expect, it } from 'vitest';
import { createEnvelopeDedupe } from './envelope-dedupe.ts';

describe('envelope dedupe', () => {
  it('accepts an id once and drops repeats', () => {
    const dedupe = createEnvelopeDedupe();
    expect(dedupe.accept('a')).toBe(true);
    expect(dedupe.accept('b')).toBe(true);
    expect(dedupe.accept('a')).toBe(false);
    expect(dedupe.accept('b')).toBe(false);
  });

  it('forgets the oldest ids beyond its capacity', () => {
    const dedupe = createEnvelopeDedupe(2);
    dedupe.accept('a');
    dedupe.accept('b');
    dedupe.accept('c');
    expect(dedupe.accept('c')).toBe(false);
    expect(dedupe.accept('a')).toBe(true);
  });
});
