import { describe, expect, it } from 'vitest';
import { selectedOf, tabIn, withTab } from './query-tabs.ts';

describe('query tabs', () => {
  const tabs = ['sent', 'templates'] as const;
  it('reads a known tab, else the first', () => {
    expect(tabIn('?tab=templates', tabs)).toBe('templates');
    expect(tabIn('?tab=nope', tabs)).toBe('sent');
    expect(tabIn('', tabs)).toBe('sent');
  });

  it('sets the tab and selection, keeping other parameters', () => {
    expect(withTab('?developer-mode=true&selected=a', 'templates')).toBe('?developer-mode=true&tab=templates');
    expect(selectedOf(withTab('?tab=sent', 'sent', 'x1'))).toBe('x1');
    expect(selectedOf('?tab=sent')).toBeUndefined();
  });
});
