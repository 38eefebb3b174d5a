import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL, supportMailto } from './support.ts';

describe('supportMailto', () => {
  it('addresses support, with an encoded subject and body when given', () => {
    expect(supportMailto()).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(supportMailto('Sign-in & tokens', 'Line 1\nLine 2')).toBe(
      `mailto:${SUPPORT_EMAIL}?subject=Sign-in%20%26%20tokens&body=Line%201%0ALine%202`,
    );
    expect(supportMailto(undefined, 'Only body', 'ops@x.example')).toBe('mailto:ops@x.example?body=Only%20body');
  });
});
