import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTOMATION_MESSAGES, WEBHOOK_BODY_MAX_BYTES, WEBHOOK_TOLERANCE_SECONDS, type FiringsDto, type TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { INPUT_ERROR } from '@portal/shared/api/limits';
import { serverMessageCode } from '@portal/shared/api/server-messages';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { captureLogs, securityEvents } from '../support/log-capture.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

/**
 * The webhooks of external triggers (docs/webhooks.md), called as API Gateway hands them to the
 * automation Lambda: the secret in a header, a Bearer token or the URL, a Standard Webhooks
 * signature, any body; 202, 401, 404 and 429 with Retry-After; a repeated delivery id fires once.
 */
const PASSWORD = 'Webhook-Pass-1!';

interface Org {
  orgId: string;
  token: string;
}

async function organization(name: string): Promise<Org> {
  const email = `${name}-${randomUUID().slice(0, 8)}@webhooks.test`;
  const userId = await createIdentity(email, PASSWORD);
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['superadmin'], email) });
  await updateGeneralSettings(orgId, { general: { features: { automation: 'enable' } } }, SETUP_ACTOR);
  return { orgId, token: await signIn(email, PASSWORD) };
}

async function createTrigger(org: Org, overrides: Record<string, unknown> = {}): Promise<TriggerWithSecretDto> {
  const body = { name: `Help at bottle return ${randomUUID().slice(0, 4)}`, type: 'flic-button', workflows: [], metadata: { is_external: true }, ...overrides };
  const answer = await callApi('automation', 'POST', `/api/organizations/${org.orgId}/triggers`, { token: org.token, body });
  if (answer.status !== 201) throw new Error(`create trigger: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as TriggerWithSecretDto;
}

interface Hook {
  headers?: Record<string, string>;
  body?: string;
  /** The secret as the URL's last segment (fireWebhookWithSecret). */
  urlSecret?: string;
}

const hookPath = (orgId: string, triggerId: string, urlSecret?: string) =>
  `/api/hooks/${orgId}/${triggerId}${urlSecret === undefined ? '' : `/${encodeURIComponent(urlSecret)}`}`;

/** A POST as the sender makes it: no content type unless the test gives one, the body as it is. */
const hook = (orgId: string, triggerId: string, { headers = {}, body, urlSecret }: Hook = {}) =>
  callApi('automation', 'POST', hookPath(orgId, triggerId, urlSecret), { headers: { 'content-type': '', ...headers }, body });

/** Standard Webhooks signing, as a sender's library does it (independent of the portal's code). */
function sign(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

const refusedWith = (message: string) => ({ message, code: serverMessageCode(message) });

describe('webhooks', () => {
  let org: Org;
  let other: Org;
  let trigger: TriggerWithSecretDto;
  let secret: string;

  beforeAll(async () => {
    [org, other] = await Promise.all([organization('hooks'), organization('hooks-other')]);
    trigger = await createTrigger(org);
    secret = trigger.secret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  const firings = async (triggerId: string) =>
    (await callApi('automation', 'GET', `/api/organizations/${org.orgId}/triggers/${triggerId}/firings`, { token: org.token })).body as FiringsDto;

  it('fires on the secret in x-webhook-secret: 202 with the firing, recorded as a webhook firing', async () => {
    const answer = await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret, 'content-type': 'application/json' }, body: '{"click":"single"}' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ firing_id: expect.any(String), outcome: 'fired', replayed: false });
    const { items } = await firings(trigger.id);
    expect(items.find((firing) => firing.id === answer.body.firing_id)).toMatchObject({ trigger_id: trigger.id, source: 'webhook', outcome: 'fired', delivery_id: null });
  });

  it('fires on the secret as a Bearer token', async () => {
    const answer = await hook(org.orgId, trigger.id, { headers: { authorization: `Bearer ${secret}` } });
    expect([answer.status, answer.body.outcome]).toEqual([202, 'fired']);
  });

  it('fires on the secret in the URL (fireWebhookWithSecret), for senders that cannot set a header', async () => {
    const answer = await hook(org.orgId, trigger.id, { urlSecret: secret });
    expect([answer.status, answer.body.outcome]).toEqual([202, 'fired']);
  });

  it('fires on a Standard Webhooks signature, and records its delivery id', async () => {
    const body = '{"type":"alarm.raised","zone":"back door"}';
    const id = `msg_${randomUUID()}`;
    const answer = await hook(org.orgId, trigger.id, { headers: { 'content-type': 'application/json', ...sign(secret, id, nowSeconds(), body) }, body });
    expect(answer.status).toBe(202);
    const { items } = await firings(trigger.id);
    expect(items.find((firing) => firing.id === answer.body.firing_id)?.delivery_id).toBe(id);
  });

  it('signs the exact bytes of a body API Gateway base64-encodes (a binary content type)', async () => {
    const body = 'serial=BC-17;weight=12kg';
    const answer = await hook(org.orgId, trigger.id, {
      headers: { 'content-type': 'application/octet-stream', ...sign(secret, `msg_${randomUUID()}`, nowSeconds(), body) },
      body,
    });
    expect(answer.status).toBe(202);
  });

  it(`refuses a signature whose timestamp is over ${WEBHOOK_TOLERANCE_SECONDS} s old: 401 webhookTimestampStale`, async () => {
    const body = '{}';
    const answer = await hook(org.orgId, trigger.id, { headers: sign(secret, `msg_${randomUUID()}`, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS - 60, body), body });
    expect(answer).toMatchObject({ status: 401, body: refusedWith(AUTOMATION_MESSAGES.webhookTimestampStale) });
  });

  it('refuses a signature over another body: 401 webhookSignatureInvalid', async () => {
    const answer = await hook(org.orgId, trigger.id, { headers: sign(secret, `msg_${randomUUID()}`, nowSeconds(), '{"zone":"front"}'), body: '{"zone":"back"}' });
    expect(answer).toMatchObject({ status: 401, body: refusedWith(AUTOMATION_MESSAGES.webhookSignatureInvalid) });
  });

  it('fires a replayed delivery id once: 202 both times, the second replayed with the first firing', async () => {
    const replayTrigger = await createTrigger(org);
    const headers = { 'x-webhook-secret': replayTrigger.secret!, 'webhook-id': `msg_${randomUUID()}` };
    const first = await hook(org.orgId, replayTrigger.id, { headers, body: '{}' });
    const second = await hook(org.orgId, replayTrigger.id, { headers, body: '{}' });
    expect(first).toMatchObject({ status: 202, body: { outcome: 'fired', replayed: false } });
    expect(second).toMatchObject({ status: 202, body: { outcome: 'fired', replayed: true, firing_id: first.body.firing_id } });
    // A signed replay (same id, fresh signature) is the same delivery too.
    const body = '{}';
    const signed = await hook(org.orgId, replayTrigger.id, { headers: sign(replayTrigger.secret!, headers['webhook-id'], nowSeconds(), body), body });
    expect(signed).toMatchObject({ status: 202, body: { replayed: true, firing_id: first.body.firing_id } });
    expect((await firings(replayTrigger.id)).items).toHaveLength(1);
  });

  it('takes idempotency-key as the delivery id when there is no webhook-id', async () => {
    const keyTrigger = await createTrigger(org);
    const headers = { authorization: `Bearer ${keyTrigger.secret!}`, 'idempotency-key': randomUUID() };
    const first = await hook(org.orgId, keyTrigger.id, { headers });
    const second = await hook(org.orgId, keyTrigger.id, { headers });
    expect([first.status, second.status, second.body.replayed, second.body.firing_id]).toEqual([202, 202, true, first.body.firing_id]);
  });

  it('refuses a wrong or missing secret with 401 webhookUnauthorized, logs it without the secret, and fires nothing', async () => {
    const before = (await firings(trigger.id)).items.length;
    const wrong = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const { result, lines, raw } = await captureLogs(() => hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': wrong } }));
    expect(result).toMatchObject({ status: 401, body: refusedWith(AUTOMATION_MESSAGES.webhookUnauthorized) });
    expect(securityEvents(lines)).toEqual([
      expect.objectContaining({ security_event: 'webhook_refused', actor: 'anonymous', orgId: org.orgId, target: trigger.id, outcome: 'refused', detail: 'wrong-secret' }),
    ]);
    expect(raw).not.toContain(wrong);
    expect(raw).not.toContain(secret);
    expect(await hook(org.orgId, trigger.id, { urlSecret: wrong })).toMatchObject({ status: 401, body: refusedWith(AUTOMATION_MESSAGES.webhookUnauthorized) });
    expect(await hook(org.orgId, trigger.id, { headers: { authorization: `Bearer ${secret}x` } })).toMatchObject({ status: 401 });
    expect(await hook(org.orgId, trigger.id)).toMatchObject({ status: 401, body: refusedWith(AUTOMATION_MESSAGES.webhookUnauthorized) });
    // The right secret in the header does not excuse a wrong one in the URL.
    expect(await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret }, urlSecret: wrong })).toMatchObject({ status: 401 });
    expect((await firings(trigger.id)).items).toHaveLength(before);
  });

  it('answers 404 triggerNotFound for an unknown trigger, another organisation, a trigger without a webhook and automation off', async () => {
    const notFound = { status: 404, body: refusedWith(AUTOMATION_MESSAGES.triggerNotFound) };
    expect(await hook(org.orgId, 'no-such-trigger', { headers: { 'x-webhook-secret': secret } })).toMatchObject(notFound);
    // The trigger's own secret, on another organisation's path.
    expect(await hook(other.orgId, trigger.id, { headers: { 'x-webhook-secret': secret } })).toMatchObject(notFound);
    const internal = await createTrigger(org, { metadata: { is_external: false } });
    expect(await hook(org.orgId, internal.id, { headers: { 'x-webhook-secret': secret } })).toMatchObject(notFound);
    const offTrigger = await createTrigger(other);
    await updateGeneralSettings(other.orgId, { general: { features: { automation: 'disable' } } }, SETUP_ACTOR);
    try {
      expect(await hook(other.orgId, offTrigger.id, { headers: { 'x-webhook-secret': offTrigger.secret! } })).toMatchObject(notFound);
    } finally {
      await updateGeneralSettings(other.orgId, { general: { features: { automation: 'enable' } } }, SETUP_ACTOR);
    }
    expect(await hook(other.orgId, offTrigger.id, { headers: { 'x-webhook-secret': offTrigger.secret! } })).toMatchObject({ status: 202 });
  });

  it('accepts a form body and an empty body (a Flic hub sends what it was set up with)', async () => {
    const form = await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret, 'content-type': 'application/x-www-form-urlencoded' }, body: 'button=flic1&click=hold' });
    expect(form.status).toBe(202);
    const empty = await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret } });
    expect(empty.status).toBe(202);
    const brokenJson = await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret, 'content-type': 'application/json' }, body: '{"click":' });
    expect(brokenJson.status).toBe(202);
  });

  it(`refuses a body over ${WEBHOOK_BODY_MAX_BYTES} bytes with 413, before judging the secret`, async () => {
    const answer = await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret }, body: 'x'.repeat(WEBHOOK_BODY_MAX_BYTES + 1) });
    expect(answer).toMatchObject({ status: 413, body: { code: INPUT_ERROR.tooLarge.code } });
  });

  it('refuses a delivery id that cannot be a key part (over 128 characters) with 400, after the secret', async () => {
    expect(await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': secret, 'webhook-id': 'x'.repeat(129) } })).toMatchObject({ status: 400 });
    expect(await hook(org.orgId, trigger.id, { headers: { 'x-webhook-secret': 'wrong', 'webhook-id': 'x'.repeat(129) } })).toMatchObject({ status: 401 });
  });

  it('answers a press inside the throttle window 429 webhookThrottled with Retry-After, and records it as throttled', async () => {
    const throttled = await createTrigger(org, { is_throttling_enabled: true, throttle_duration_in_seconds: 60 });
    const headers = { 'x-webhook-secret': throttled.secret! };
    const first = await hook(org.orgId, throttled.id, { headers });
    expect(first.status).toBe(202);
    const second = await hook(org.orgId, throttled.id, { headers });
    expect(second).toMatchObject({ status: 429, body: refusedWith(AUTOMATION_MESSAGES.webhookThrottled) });
    const retryAfter = Number(second.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    const outcomes = (await firings(throttled.id)).items.map((firing) => firing.outcome).sort();
    expect(outcomes).toEqual(['fired', 'throttled']);
  });

  it("refuses a portal user's token as a Bearer secret", async () => {
    expect(await hook(org.orgId, trigger.id, { headers: { authorization: `Bearer ${org.token}` } })).toMatchObject({ status: 401 });
  });

  it("answers over the local runtime's HTTP as curl sends it: a form, no body, the secret in the URL", async () => {
    const { url } = inject('runtime');
    const post = (path: string, init: { headers?: Record<string, string>; body?: string } = {}) => fetch(`${url}${path}`, { method: 'POST', ...init });
    const form = await post(hookPath(org.orgId, trigger.id), {
      headers: { 'x-webhook-secret': secret, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'button=flic1&click=single',
    });
    expect([form.status, ((await form.json()) as { outcome: string }).outcome]).toEqual([202, 'fired']);
    expect((await post(hookPath(org.orgId, trigger.id), { headers: { 'x-webhook-secret': secret } })).status).toBe(202);
    expect((await post(hookPath(org.orgId, trigger.id, secret))).status).toBe(202);
    const wrong = await post(hookPath(org.orgId, trigger.id), { headers: { 'x-webhook-secret': 'nope' } });
    expect([wrong.status, wrong.headers.get('content-type')]).toEqual([401, 'application/json; charset=utf-8']);
  });

  it('keeps working with the new secret after a rotation, and refuses the old one', async () => {
    const rotating = await createTrigger(org);
    const rotated = (await callApi('automation', 'POST', `/api/organizations/${org.orgId}/triggers/${rotating.id}/secret`, { token: org.token })).body as TriggerWithSecretDto;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(rotating.secret);
    expect(await hook(org.orgId, rotating.id, { headers: { 'x-webhook-secret': rotating.secret! } })).toMatchObject({ status: 401 });
    expect(await hook(org.orgId, rotating.id, { headers: { 'x-webhook-secret': rotated.secret! } })).toMatchObject({ status: 202 });
  });
});
