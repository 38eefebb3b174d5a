import { webhookPathSchema } from '@portal/shared/automation/automation.schema';
import { accepted } from '../platform/http/responses.ts';
import { route, type RouteRequest } from '../platform/http/route.ts';
import { receiveWebhook } from './webhook.service.ts';

const schemas = { params: webhookPathSchema };

/** Both webhook routes (`rawBody`: any body, read as bytes): the secret in a header, the URL or a signature. */
const fire = ({ params, event, rawBody }: RouteRequest<typeof schemas>) =>
  receiveWebhook(params.orgId, params.triggerId, { headers: event.headers ?? {}, pathSecret: params.secret, body: rawBody }).then(accepted);

export const webhookRoutes = {
  fireWebhook: route(schemas, fire),
  fireWebhookWithSecret: route(schemas, fire),
};
