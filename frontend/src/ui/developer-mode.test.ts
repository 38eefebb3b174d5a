import { describe, expect, it } from 'vitest';
import { nextDeveloperMode } from './developer-mode.tsx';

describe('nextDeveloperMode', () => {
  it('follows the query and otherwise remembers the last choice', () => {
    expect(nextDeveloperMode(false, '?developer-mode=true')).toBe(true);
    expect(nextDeveloperMode(true, '')).toBe(true);
    expect(nextDeveloperMode(true, '?developer-mode=false')).toBe(false);
    expect(nextDeveloperMode(false, '?developer-mode=yes')).toBe(false);
  });
});
