import { describe, expect, it } from 'vitest';
import { identityPortalTarget } from './identity-portal.ts';

const BASE = 'http://localhost:3000/org-1/dashboard';

describe('identityPortalTarget', () => {
  it('keeps an absolute http(s) URL', () => {
    expect(identityPortalTarget('https://login.example.com/migrate?x=1', BASE, '/signin')).toBe(
      'https://login.example.com/migrate?x=1',
    );
    expect(identityPortalTarget('http://localhost:3000/signin?migrated=1', BASE, '/signin')).toBe(
      'http://localhost:3000/signin?migrated=1',
    );
  });

  it('resolves a relative URL against the app', () => {
    expect(identityPortalTarget('/signin?migrated=1', BASE, '/signin')).toBe('http://localhost:3000/signin?migrated=1');
  });

  it('falls back for anything that is not an http(s) URL', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '', '   ', undefined, null, 42, 'http://[bad']) {
      expect(identityPortalTarget(url, BASE, '/signin'), String(url)).toBe('/signin');
    }
  });
});
