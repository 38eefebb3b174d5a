import { describe, expect, it } from 'vitest';
import { TokenParseError, decodeJwtPayload } from './jwt.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeJwtPayload', () => {
  it('reads the claims, including non-ASCII text', () => {
    const token = `${encode({ alg: 'RS256' })}.${encode({ sub: 'u1', name: 'Jörg' })}.sig`;
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', name: 'Jörg' });
  });

  it('refuses anything that is not a JWT with an object payload', () => {
    expect(() => decodeJwtPayload('nope')).toThrow(TokenParseError);
    expect(() => decodeJwtPayload('a.!!!.c')).toThrow(TokenParseError);
    expect(() => decodeJwtPayload(`a.${encode([1])}.c`)).toThrow(TokenParseError);
  });
});
