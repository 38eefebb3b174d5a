import { describe, expect, it } from 'vitest';
import { listRefetchInterval, selectedOf, tabOf, withTab } from './notification-tabs.ts';

describe('notification tabs', () => {
  it('defaults to sent and keeps other query parameters', () => {
    expect(tabOf('')).toBe('sent');
    expect(tabOf('?tab=templates')).toBe('templates');
    expect(tabOf('?tab=nope')).toBe('sent');
    expect(withTab('?developer-mode=true&selected=a', 'scheduled')).toBe('?developer-mode=true&tab=scheduled');
    expect(selectedOf(withTab('', 'sent', 'n1'))).toBe('n1');
  });

  it('refreshes the scheduled list just after its next send is due', () => {
    const now = new Date('2025-03-03T10:00:00.000Z');
    expect(listRefetchInterval('sent', [], now)).toBe(10_000);
    expect(listRefetchInterval('scheduled', [], now)).toBe(30_000);
    expect(listRefetchInterval('scheduled', [{ send_at: '2025-03-03T10:00:05.000Z' }, { send_at: '2025-03-03T11:00:00.000Z' }], now)).toBe(6_500);
    expect(listRefetchInterval('scheduled', [{ send_at: '2025-03-03T09:59:50.000Z' }], now)).toBe(2_000);
    expect(listRefetchInterval('scheduled', [{ send_at: '2025-03-03T09:00:00.000Z' }], now)).toBe(30_000);
  });
});
