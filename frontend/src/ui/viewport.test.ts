import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_DEBOUNCE_MS } from '@portal/shared/constants';
import { debounce, isNarrowWidth } from './viewport.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('isNarrowWidth', () => {
  it('is narrow up to and including 920px', () => {
    expect(isNarrowWidth(800)).toBe(true);
    expect(isNarrowWidth(920)).toBe(true);
    expect(isNarrowWidth(921)).toBe(false);
  });
});

describe('debounce', () => {
  it('runs once with the last arguments after the burst', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, RESIZE_DEBOUNCE_MS);
    debounced(1);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    debounced(2);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 10);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(20);
    expect(fn).not.toHaveBeenCalled();
  });
});
