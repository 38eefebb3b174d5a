import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_SECONDS } from '@portal/shared/automation/automation.schema';
import { constantTimeEqual, presentedSecrets, verifyWebhook, webhookSignature } from './webhook-auth.ts';

const key = randomBytes(32);
const secret = `whsec_${key.toString('base64')}`;
const other = `whsec_${randomBytes(32).toString('base64')}`;
const now = 1_800_000_000;
const body = Buffer.from('{"button":"click"}');

/** Signed as the Standard Webhooks reference does it: HMAC-SHA256 of `id.ts.body` with the decoded key. */
const reference = (id: string, ts: number, payload: string, withKey = key) => `v1,${createHmac('sha256', withKey).update(`${id}.${ts}.${payload}`).digest('base64')}`;
const signed = (signature: string, ts = now, id = 'msg_1') => ({ 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature });
const verify = (headers: Record<string, string>, extra: { pathSecret?: string; body?: Buffer; nowSeconds?: number } = {}) =>
  verifyWebhook(secret, { headers, body: extra.body ?? body, pathSecret: extra.pathSecret, nowSeconds: extra.nowSeconds ?? now });

describe('webhook secrets', () => {
  it('compares in constant time whatever the lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', 'a')).toBe(false);
  });

  it('takes the secret from x-webhook-secret, a Bearer token or the URL', () => {
    expect(verify({ 'x-webhook-secret': secret })).toEqual({ ok: true, by: 'secret' });
    expect(verify({ authorization: `Bearer ${secret}` })).toEqual({ ok: true, by: 'secret' });
    expect(verify({ authorization: `bearer   ${secret}` })).toEqual({ ok: true, by: 'secret' });
    expect(verify({}, { pathSecret: secret })).toEqual({ ok: true, by: 'secret' });
    expect(presentedSecrets({ 'x-webhook-secret': ' a ', authorization: 'Bearer b' }, 'c')).toEqual(['a', 'b', 'c']);
  });

  it('reads a URL secret percent-encoded (as API Gateway may pass it) or in base64url', () => {
    const slashy = 'whsec_ab+/cd/+ef==';
    expect(presentedSecrets({}, encodeURIComponent(slashy))).toEqual([slashy]);
    expect(presentedSecrets({}, slashy)).toEqual([slashy]);
    expect(presentedSecrets({}, 'whsec_ab-_cd_-ef==')).toEqual([slashy]);
    expect(presentedSecrets({}, 'whsec_%E0%A4%A')).toEqual(['whsec_%E0%A4%A']);
    const urlSafe = `whsec_${key.toString('base64url')}`;
    expect(verify({}, { pathSecret: urlSafe })).toEqual({ ok: true, by: 'secret' });
    expect(verify({}, { pathSecret: encodeURIComponent(secret) })).toEqual({ ok: true, by: 'secret' });
  });

  it('ignores Authorization schemes other than Bearer', () => {
    expect(presentedSecrets({ authorization: `Basic ${secret}` })).toEqual([]);
    expect(verify({ authorization: `Basic ${secret}` })).toEqual({ ok: false, reason: 'no-credentials' });
  });

  it('refuses a request without any credential, and a wrong secret anywhere', () => {
    expect(verify({})).toEqual({ ok: false, reason: 'no-credentials' });
    expect(verify({ 'x-webhook-secret': other })).toEqual({ ok: false, reason: 'wrong-secret' });
    expect(verify({ authorization: `Bearer ${secret.slice(0, -1)}` })).toEqual({ ok: false, reason: 'wrong-secret' });
    expect(verify({}, { pathSecret: 'whsec_' })).toEqual({ ok: false, reason: 'wrong-secret' });
    // Everything presented must be right: the right header does not excuse a wrong URL secret.
    expect(verify({ 'x-webhook-secret': secret }, { pathSecret: other })).toEqual({ ok: false, reason: 'wrong-secret' });
  });
});

describe('Standard Webhooks signatures', () => {
  it('signs exactly as the reference (key = base64 after whsec_, content id.timestamp.body)', () => {
    expect(webhookSignature(secret, 'msg_1', now, body)).toBe(reference('msg_1', now, body.toString()));
    expect(webhookSignature(secret, 'msg_1', String(now), body.toString())).toBe(reference('msg_1', now, body.toString()));
  });

  it('matches the Standard Webhooks specification example', () => {
    // The example of the specification's reference libraries (standard-webhooks, test vectors).
    const specSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const payload = '{"test": 2432232314}';
    expect(webhookSignature(specSecret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, payload)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('accepts a valid signature, among several, and skips other versions', () => {
    const good = reference('msg_1', now, body.toString());
    expect(verify(signed(good))).toEqual({ ok: true, by: 'signature' });
    expect(verify(signed(`v1a,xyz v1,${'A'.repeat(44)} ${good}`))).toEqual({ ok: true, by: 'signature' });
    expect(verify({ ...signed(good), 'x-webhook-secret': secret })).toEqual({ ok: true, by: 'secret+signature' });
  });

  it('covers the body bytes, the id and the timestamp', () => {
    const good = reference('msg_1', now, body.toString());
    expect(verify(signed(good), { body: Buffer.from('{"button":"hold"}') })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify(signed(good, now, 'msg_2'))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify(signed(good, now + 1))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify(signed(reference('msg_1', now, body.toString(), randomBytes(32))))).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('signs an empty and a form body as they are', () => {
    const form = Buffer.from('click=1&serial=ABC');
    expect(verify(signed(reference('msg_1', now, '')), { body: Buffer.alloc(0) })).toEqual({ ok: true, by: 'signature' });
    expect(verify(signed(reference('msg_1', now, form.toString())), { body: form })).toEqual({ ok: true, by: 'signature' });
  });

  it(`refuses a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s away, either way`, () => {
    const at = (ts: number) => verify(signed(reference('msg_1', ts, body.toString()), ts));
    expect(at(now - WEBHOOK_TOLERANCE_SECONDS)).toEqual({ ok: true, by: 'signature' });
    expect(at(now + WEBHOOK_TOLERANCE_SECONDS)).toEqual({ ok: true, by: 'signature' });
    expect(at(now - WEBHOOK_TOLERANCE_SECONDS - 1)).toEqual({ ok: false, reason: 'stale-timestamp' });
    expect(at(now + WEBHOOK_TOLERANCE_SECONDS + 1)).toEqual({ ok: false, reason: 'stale-timestamp' });
  });

  it('refuses a signature without its id or a numeric timestamp', () => {
    const good = reference('msg_1', now, body.toString());
    expect(verify({ 'webhook-timestamp': String(now), 'webhook-signature': good })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify({ 'webhook-id': 'msg_1', 'webhook-signature': good })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verify({ ...signed(good), 'webhook-timestamp': '1.8e9' })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a right signature with a wrong secret beside it', () => {
    expect(verify({ ...signed(reference('msg_1', now, body.toString())), 'x-webhook-secret': other })).toEqual({ ok: false, reason: 'wrong-secret' });
  });
});
