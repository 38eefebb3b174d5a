import { beforeEach, describe, expect, it, vi } from 'vitest';

const applyUplink = vi.fn(async () => 'recorded' as const);
vi.mock('./uplink.service.ts', () => ({ applyUplink }));
const { handler } = await import('./uplink.handler.ts');

const envelope = { v: 1 as const, id: 'e1', type: 'event', sent_at: '2025-03-03T08:00:00.000Z', data: { kind: 'notification', notification_id: 'n1', event: 'read' } };
const topic = 'portal/v1/o1/users/u1/events';

describe('uplink handler', () => {
  beforeEach(() => applyUplink.mockClear());

  it("takes the IoT rule's event (the envelope's fields plus topic) and a raw {topic, payload}", async () => {
    expect(await handler({ ...envelope, topic })).toEqual({ outcome: 'recorded' });
    expect(await handler({ topic, payload: Buffer.from(JSON.stringify(envelope)) })).toEqual({ outcome: 'recorded' });
    expect(applyUplink.mock.calls).toEqual([
      [topic, envelope],
      [topic, envelope],
    ]);
  });

  it('drops what is not an envelope without calling the service', async () => {
    expect(await handler({ topic, payload: 'nope' })).toEqual({ outcome: 'ignored' });
    expect(await handler({ topic, v: 2, id: 'x', type: 'event', sent_at: 's', data: {} } as never)).toEqual({ outcome: 'ignored' });
    expect(await handler(undefined as never)).toEqual({ outcome: 'ignored' });
    expect(applyUplink).not.toHaveBeenCalled();
  });
});
