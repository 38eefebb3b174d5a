import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { TokenParseError } from '../../lib/jwt.ts';
import { classifyError, isChunkLoadError } from './classify-error.ts';

describe('classifyError', () => {
  it('recognises a failed code-chunk load in the wording of each browser', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/help-abc.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/index.css',
    ]) {
      expect(classifyError(new TypeError(message)), message).toBe('new-version');
    }
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('tells an unreadable token apart', () => {
    expect(classifyError(new TokenParseError('bad'))).toBe('token');
  });

  it('shows the no-access page for a 403 and offers signing in again for a 401', () => {
    expect(classifyError(new ApiError(403, 'No', undefined))).toBe('no-access');
    expect(classifyError(new ApiError(401, undefined, undefined))).toBe('sign-out');
    expect(classifyError(new ApiError(500, undefined, undefined))).toBe('generic');
  });

  it('calls other errors generic and anything that is not an error unknown', () => {
    expect(classifyError(new Error('boom'))).toBe('generic');
    expect(classifyError({ status: 404, statusText: 'Not Found', internal: true, data: '' })).toBe('generic');
    expect(classifyError('boom')).toBe('unknown');
    expect(classifyError(undefined)).toBe('unknown');
  });
});
