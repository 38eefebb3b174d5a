import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not found', undefined))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, undefined, undefined))).toBe(false);
  });

  it('retries server and network errors a bounded number of times', () => {
    expect(shouldRetry(0, new ApiError(503, undefined, undefined))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });
});
