import { describe, expect, it } from 'vitest';
import { freshStoredIdToken, hasStoredSession, REFRESH_MARGIN_MS } from './stored-session.ts';

const CLIENT = 'client-1';
const NOW = Date.UTC(2027, 0, 10, 12, 0, 0);

function jwt(payload: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256' })}.${part(payload)}.signature`;
}

/** Amplify's keys for a signed-in user, with tokens expiring the given milliseconds after NOW. */
function storage({ id = 3_600_000, access = 3_600_000, drift, user = 'ada' }: { id?: number; access?: number; drift?: string; user?: string | null } = {}) {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
  const items = new Map<string, string>();
  if (user !== null) {
    items.set(`${prefix}.LastAuthUser`, user);
    items.set(`${prefix}.${user}.idToken`, jwt({ sub: 'u1', exp: (NOW + id) / 1000 }));
    items.set(`${prefix}.${user}.accessToken`, jwt({ sub: 'u1', exp: (NOW + access) / 1000 }));
    if (drift !== undefined) items.set(`${prefix}.${user}.clockDrift`, drift);
  }
  return { items, getItem: (key: string) => items.get(key) ?? null };
}

describe('stored session', () => {
  it('knows a signed-in user by Amplify’s LastAuthUser key of this app client', () => {
    expect(hasStoredSession(storage(), CLIENT)).toBe(true);
    expect(hasStoredSession(storage(), 'other-client')).toBe(false);
    expect(hasStoredSession(storage({ user: null }), CLIENT)).toBe(false);
  });

  it('hands out the stored ID token while both tokens are fresh', () => {
    const stored = storage();
    expect(freshStoredIdToken(stored, CLIENT, NOW)).toBe(stored.items.get(`CognitoIdentityServiceProvider.${CLIENT}.ada.idToken`));
  });

  it.each([
    ['the ID token expired', { id: -1_000 }],
    ['the access token expired', { access: -1_000 }],
    ['the ID token expires within the margin', { id: REFRESH_MARGIN_MS }],
    ['the access token expires within the margin', { access: REFRESH_MARGIN_MS - 1 }],
    ['Amplify’s clock drift takes up the time left', { id: 120_000, drift: '70000' }],
  ])('leaves it to Amplify when %s', (_case, options) => {
    expect(freshStoredIdToken(storage(options), CLIENT, NOW)).toBeUndefined();
  });

  it('counts Amplify’s clock drift both ways', () => {
    expect(freshStoredIdToken(storage({ id: 120_000, drift: '-70000' }), CLIENT, NOW)).toBeDefined();
    expect(freshStoredIdToken(storage({ id: REFRESH_MARGIN_MS + 1 }), CLIENT, NOW)).toBeDefined();
    expect(freshStoredIdToken(storage({ drift: 'garbage' }), CLIENT, NOW)).toBeDefined();
  });

  it('leaves it to Amplify when nothing readable is stored', () => {
    const prefix = `CognitoIdentityServiceProvider.${CLIENT}.ada`;
    const missingId = storage();
    missingId.items.delete(`${prefix}.idToken`);
    const garbled = storage();
    garbled.items.set(`${prefix}.accessToken`, 'not-a-jwt');
    const noExpiry = storage();
    noExpiry.items.set(`${prefix}.idToken`, jwt({ sub: 'u1' }));
    for (const stored of [storage({ user: null }), missingId, garbled, noExpiry]) expect(freshStoredIdToken(stored, CLIENT, NOW)).toBeUndefined();
  });
});
