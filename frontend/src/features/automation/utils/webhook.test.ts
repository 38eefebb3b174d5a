import { describe, expect, it } from 'vitest';
import { createdCounts } from './firing-view.ts';
import { curlExample, webhookUrl } from './webhook.ts';

describe('the webhook panel', () => {
  it('puts the API path on the portal’s origin and builds a curl request with the secret header', () => {
    const url = webhookUrl('https://portal.example.com/', '/api/hooks/o1/t1');
    expect(url).toBe('https://portal.example.com/api/hooks/o1/t1');
    expect(curlExample(url, 'whsec_abc+/=')).toBe("curl -X POST -H 'x-webhook-secret: whsec_abc+/=' https://portal.example.com/api/hooks/o1/t1");
  });

  it('counts what a firing created per kind, in the workflow kinds’ order', () => {
    expect(
      createdCounts([
        { type: 'task-template', template_id: 'k', id: '1' },
        { type: 'action-template', template_id: 'a', id: '2' },
        { type: 'task-template', template_id: 'k2', id: '3' },
      ]),
    ).toEqual([
      ['task-template', 2],
      ['action-template', 1],
    ]);
    expect(createdCounts([])).toEqual([]);
  });
});
