import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@portal/shared/api/route-table';
import { AUTOMATION_MESSAGES, WEBHOOK_BODY_MAX_BYTES, WEBHOOK_TOLERANCE_SECONDS } from '@portal/shared/automation/automation.schema';
import { serverMessageCode } from '@portal/shared/api/server-messages';

/** docs/webhooks.openapi.yaml stays true to the route table and the messages (read as text: no YAML parser in the tree). */
const spec = readFileSync(new URL('../../docs/webhooks.openapi.yaml', import.meta.url), 'utf8');
const webhooks = (ROUTES as readonly RouteDefinition[]).filter((route) => route.rawBody);

describe('the webhooks OpenAPI description', () => {
  it('describes exactly the raw-body routes, each POST with its handler as operationId', () => {
    expect(webhooks.length).toBeGreaterThan(0);
    const paths = [...spec.matchAll(/^ {2}(\/api\/[^:]+):$/gm)].map(([, path]) => path);
    expect(paths).toEqual(webhooks.map((route) => route.path));
    for (const route of webhooks) {
      expect(route.method).toBe('POST');
      expect(spec).toContain(`operationId: ${route.handler}`);
    }
  });

  it('names the messages, codes and limits the API answers with', () => {
    for (const key of ['webhookUnauthorized', 'webhookSignatureInvalid', 'webhookTimestampStale', 'webhookThrottled', 'triggerNotFound', 'notFired'] as const) {
      expect(spec).toContain(AUTOMATION_MESSAGES[key]);
      expect(spec).toContain(`code: ${serverMessageCode(AUTOMATION_MESSAGES[key])}`);
    }
    expect(spec).toContain(`maxLength: ${WEBHOOK_BODY_MAX_BYTES}`);
    expect(spec).toContain(`within ${WEBHOOK_TOLERANCE_SECONDS} seconds`);
  });
});
