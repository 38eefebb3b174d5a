import { describe, expect, it } from 'vitest';
import { toastRole, toastTimeout } from './toast-rules.ts';

describe('toast rules', () => {
  it('closes after 10 seconds unless flagged to stay', () => {
    expect(toastTimeout({ message: 'x', variation: 'error' })).toBe(10_000);
    expect(toastTimeout({ message: 'x', variation: 'error', stay: true })).toBeUndefined();
  });

  it('announces errors as alerts and the rest as status', () => {
    expect(toastRole('error')).toBe('alert');
    expect(toastRole('success')).toBe('status');
    expect(toastRole()).toBe('status');
  });
});
