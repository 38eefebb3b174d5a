import { describe, expect, it } from 'vitest';
import { paths, returnPath } from './paths.ts';

describe('paths', () => {
  it('builds organisation links under the organisation id', () => {
    expect(paths.organization.href('org 1')).toBe('/org%201');
    expect(paths.organization.href('org-1', '/tasks')).toBe('/org-1/tasks');
    expect(paths.home.href({ choose: true })).toBe('/?choose=1');
  });
});

describe('returnPath', () => {
  it('returns to an in-app path', () => {
    expect(returnPath({ from: '/org-1/tasks?x=1' })).toBe('/org-1/tasks?x=1');
  });

  it('falls back to home for anything unsafe or pointless', () => {
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath({ from: '//evil.example' })).toBe('/');
    expect(returnPath({ from: '/signin' })).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
  });
});
