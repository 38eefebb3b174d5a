import { describe, expect, it } from 'vitest';
import { TOAST_EDGE_PX, toastRole, toastSpace, toastTimeout } from './toast-rules.ts';

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

  it('reserves a band for the toasts at the bottom only while one shows, with a margin on each side', () => {
    expect(toastSpace(0)).toBe(0);
    expect(toastSpace(56)).toBe(56 + 2 * TOAST_EDGE_PX);
    expect(toastSpace(55.2)).toBe(56 + 2 * TOAST_EDGE_PX);
  });
});
