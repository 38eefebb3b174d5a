import { describe, expect, it, vi } from 'vitest';
import { createEnvelope } from '@portal/shared/devices/topics';
import { createUplinkHandler } from './uplink-entry.ts';

const TOPIC = 'portal/org-1/user/u-1/events';
const envelope = createEnvelope('action_answer', { actionId: 'a-1', answer: 'accept' }, 'env-1', new Date('2026-11-28T08:00:00Z'));

describe('createUplinkHandler: the entry of every uplink function', () => {
  it("applies the event's envelope, as the IoT rule passes it (fields and topic), and answers the module's outcome", async () => {
    const apply = vi.fn(async () => 'accepted' as const);
    const handler = createUplinkHandler(apply);
    expect(await handler({ ...envelope, topic: TOPIC })).toEqual({ outcome: 'accepted' });
    expect(apply).toHaveBeenCalledExactlyOnceWith(TOPIC, envelope);
  });

  it('applies a raw payload the same way', async () => {
    const apply = vi.fn(async () => 'accepted' as const);
    expect(await createUplinkHandler(apply)({ topic: TOPIC, payload: JSON.stringify(envelope) })).toEqual({ outcome: 'accepted' });
    expect(apply).toHaveBeenCalledExactlyOnceWith(TOPIC, envelope);
  });

  it('drops what is no envelope without calling the module (no retry of bad input)', async () => {
    const apply = vi.fn(async () => 'accepted' as const);
    const handler = createUplinkHandler(apply);
    expect(await handler({ topic: TOPIC, payload: '{"v":1}' })).toEqual({ outcome: 'ignored' });
    expect(await handler(undefined as never)).toEqual({ outcome: 'ignored' });
    expect(apply).not.toHaveBeenCalled();
  });

  it("passes the module's 'ignored' on and lets an infrastructure error through to the rule's retry", async () => {
    expect(await createUplinkHandler(async () => 'ignored')({ ...envelope, topic: TOPIC })).toEqual({ outcome: 'ignored' });
    const down = createUplinkHandler(async () => {
      throw new Error('DynamoDB unavailable');
    });
    await expect(down({ ...envelope, topic: TOPIC })).rejects.toThrow('DynamoDB unavailable');
  });
});
