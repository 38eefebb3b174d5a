import { describe, expect, it } from 'vitest';
import { ORGANIZATIONS_CLAIM, encodeOrganizationsClaim, isMemberOf, parseOrganizationsClaim, principalFromClaims, rolesIn } from './principal.ts';

describe('token claims to principal', () => {
  it('reads the organisations claim written by the pre-token trigger', () => {
    const claims = { sub: 'u1', email: 'a@b.c', [ORGANIZATIONS_CLAIM]: encodeOrganizationsClaim({ o1: ['admin'], o2: ['assistant'] }) };
    const principal = principalFromClaims(claims);
    expect(principal).toEqual({ userId: 'u1', email: 'a@b.c', organizations: { o1: ['admin'], o2: ['assistant'] } });
    expect(rolesIn(principal, 'o2')).toEqual(['assistant']);
    expect(isMemberOf(principal, 'o3')).toBe(false);
  });

  it('compares role names case-insensitively and drops unknown roles and malformed entries', () => {
    expect(parseOrganizationsClaim('{"o1":["Employee","root"],"o2":"admin","o3":[]}')).toEqual({ o1: ['employee'] });
    expect(parseOrganizationsClaim('not json')).toEqual({});
    expect(parseOrganizationsClaim('["o1"]')).toEqual({});
    expect(parseOrganizationsClaim(undefined)).toEqual({});
  });

  it('refuses claims without a subject', () => {
    expect(() => principalFromClaims({ email: 'x' })).toThrow('Token has no subject');
  });
});
