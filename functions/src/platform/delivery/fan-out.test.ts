import { describe, expect, it } from 'vitest';
import { fanOut, messageIdFor } from './fan-out.ts';

describe('fan-out', () => {
  it('publishes one message per recipient with bounded concurrency and writes a row per outcome', async () => {
    const recipients = Array.from({ length: 120 }, (_, i) => ({ userId: `u${i}` }));
    let inFlight = 0;
    let peak = 0;
    const published: string[] = [];
    const rows: Array<Record<string, unknown>> = [];
    const result = await fanOut({
      recipients,
      publishConcurrency: 10,
      message: (r) => ({ topic: `t/${r.userId}`, payload: r.userId }),
      statusRow: (r, outcome) => ({ pk: 'P', sk: r.userId, delivered: outcome.delivered }),
      publish: async (topic) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        if (topic === 't/u7') throw new Error('broker down');
        published.push(topic);
      },
      writer: {
        tableName: 't',
        send: async (input) => {
          rows.push(...input.RequestItems!.t!.map((r) => (r as { PutRequest: { Item: Record<string, unknown> } }).PutRequest.Item));
          return {};
        },
      },
    });
    expect(peak).toBe(10);
    expect(published).toHaveLength(119);
    expect(result).toEqual({ delivered: 119, failed: [{ userId: 'u7' }] });
    expect(rows).toHaveLength(120);
    expect(rows.find((r) => r.sk === 'u7')).toEqual({ pk: 'P', sk: 'u7', delivered: false });
  });

  it('derives stable, UUID-shaped message ids', () => {
    const id = messageIdFor('notification', 'n1', 'u1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(messageIdFor('notification', 'n1', 'u1')).toBe(id);
    expect(messageIdFor('notification', 'n1', 'u2')).not.toBe(id);
  });
});
