import { beforeEach, describe, expect, it, vi } from 'vitest';

const applyAnswer = vi.fn(async () => 'counted' as const);
vi.mock('./uplink.service.ts', () => ({ applyAnswer }));
const { handler } = await import('./uplink.handler.ts');

const envelope = { v: 1 as const, id: 'e1', type: 'accepted', sent_at: '2025-03-03T08:00:00.000Z', data: { kind: 'action', action_id: 'a1', at: '2025-03-03T08:00:00.000Z' } };
const topic = 'portal/v1/o1/users/u1/events';

describe('actions uplink handler', () => {
  beforeEach(() => applyAnswer.mockClear());

  it("takes the IoT rule's event (the envelope's fields plus topic) and a raw {topic, payload}", async () => {
    expect(await handler({ ...envelope, topic })).toEqual({ outcome: 'counted' });
    expect(await handler({ topic, payload: Buffer.from(JSON.stringify(envelope)) })).toEqual({ outcome: 'counted' });
    expect(applyAnswer.mock.calls).toEqual([
      [topic, envelope],
      [topic, envelope],
    ]);
  });

  it('drops what is not an envelope without calling the service', async () => {
    expect(await handler({ topic, payload: '{"v":1}' })).toEqual({ outcome: 'ignored' });
    expect(await handler(undefined as never)).toEqual({ outcome: 'ignored' });
    expect(applyAnswer).not.toHaveBeenCalled();
  });
});
