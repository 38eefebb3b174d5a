import { describe, expect, it } from 'vitest';
import { isUserClientIdOf, subOfUserClientId, userClientId } from './client-ids.ts';

const sub = '3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77';
const other = '9a8b7c6d-1111-4222-8333-444455556666';

describe('client ids of people', () => {
  it('are user-{sub} or user-{sub}-{suffix}', () => {
    expect(userClientId(sub)).toBe(`user-${sub}`);
    expect(userClientId(sub, 'tab1')).toBe(`user-${sub}-tab1`);
    expect(() => userClientId(sub, 'a-b')).toThrow();
    expect(() => userClientId(sub, '')).toThrow();
    expect(() => userClientId(sub, 'x'.repeat(33))).toThrow();
  });

  it("match only their own user's sub", () => {
    expect(isUserClientIdOf(`user-${sub}`, sub)).toBe(true);
    expect(isUserClientIdOf(`user-${sub}-0a1B2c`, sub)).toBe(true);
    for (const clientId of [
      `user-${other}`,
      `user-${other}-x`,
      `user-${sub}-`,
      `user-${sub}-a-b`,
      `user-${sub}-a/b`,
      `user-${sub}-${'x'.repeat(33)}`,
      `user-${sub}x`,
      `watch-${sub}`,
      sub,
      'd01jn4z5q8v3k9t2b7c6d5e4f3g',
      'portal-1',
    ]) {
      expect(isUserClientIdOf(clientId, sub)).toBe(false);
    }
    expect(isUserClientIdOf('user-', '')).toBe(false);
  });

  it('name their sub, which presence reads off the client id', () => {
    expect(subOfUserClientId(`user-${sub}`)).toBe(sub);
    expect(subOfUserClientId(`user-${sub}-0a1B2c`)).toBe(sub);
    for (const clientId of [`user-${sub}-`, `user-${sub}-a-b`, `user-${sub}x`, 'user-not-a-uuid', `watch-${sub}`, 'd01jn4z5q8v3k9t2b7c6d5e4f3g', 'portal-1']) {
      expect(subOfUserClientId(clientId)).toBeUndefined();
    }
  });
});
