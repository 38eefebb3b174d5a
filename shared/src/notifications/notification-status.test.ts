import { describe, expect, it } from 'vitest';
import { perUserState } from './notification-status.ts';

describe('per-user notification state', () => {
  const status = { sent_user_ids: ['a', 'b'], read_user_ids: ['b'] };
  it('is Read, Sent or NotSent', () => {
    expect(perUserState(status, 'b')).toBe('Read');
    expect(perUserState(status, 'a')).toBe('Sent');
    expect(perUserState(status, 'c')).toBe('NotSent');
  });
});
