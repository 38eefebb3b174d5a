import { randomUUID } from 'node:crypto';
import { RETRY_WINDOW_MS, type HttpLog } from './http-log.ts';
import type { SoakOrganisation } from './soak-organisation.ts';
import { seededRandom } from '../../infra/local/seeded-random.ts';

/** One press of a bottle-return machine and the portal's final answer to it. */
export interface Press {
  triggerId: string;
  deliveryId: string;
  status: number;
  firingId?: string;
  /** Sent again (same delivery id) after no answer or a 5xx. */
  attempts: number;
}

/**
 * One caller per external trigger (a bottle-return machine), pressing until `until`: half the
 * gaps a little over the trigger's throttle, half well under it, so it fires at and above its
 * throttle. Every press carries its own delivery id (`idempotency-key`) and is sent again with
 * the same id after no answer or a 5xx, as docs/webhooks.md asks of a sender.
 */
export async function runWebhookCallers(api: HttpLog, org: SoakOrganisation, seed: number, until: number, presses: Press[]): Promise<void> {
  await Promise.all(
    org.triggers.map(async (trigger, i) => {
      const random = seededRandom(seed * 131 + i);
      const throttleMs = trigger.throttleSeconds * 1000;
      while (Date.now() < until) {
        const gap = random.chance(0.5) ? throttleMs + random.int(500, 3_000) : random.int(throttleMs * 0.2, throttleMs * 0.8);
        await new Promise((done) => setTimeout(done, gap));
        if (Date.now() >= until) break;
        const press: Press = { triggerId: trigger.id, deliveryId: randomUUID(), status: 0, attempts: 0 };
        presses.push(press);
        const giveUpAt = Date.now() + RETRY_WINDOW_MS;
        for (;;) {
          press.attempts++;
          const answer = await api.call<{ firing_id?: string }>(undefined, 'POST', `/hooks/${org.orgId}/${trigger.id}`, '{"bin":"full"}', {
            'x-webhook-secret': trigger.secret,
            'idempotency-key': press.deliveryId,
            'content-type': 'application/json',
          });
          press.status = answer.status;
          press.firingId = answer.body?.firing_id;
          // 409: an earlier attempt with this delivery id may still be under way (docs/webhooks.md): sent again, as after a 5xx.
          if ((answer.status > 0 && answer.status < 500 && answer.status !== 409) || Date.now() >= giveUpAt) break;
          await new Promise((done) => setTimeout(done, 1_000));
        }
      }
    }),
  );
}
