import { clientErrorSchema } from '@portal/shared/client-errors/client-error.schema';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { noContent } from '../platform/http/responses.ts';
import { reportClientError } from './client-errors.service.ts';
import { optionalPrincipal } from './optional-principal.ts';

export const handler = createModuleHandler('client-errors', {
  reportClientError: route({ body: clientErrorSchema }, async ({ body, event }) => {
    await reportClientError(body, { principal: await optionalPrincipal(event), sourceIp: event.requestContext.http.sourceIp });
    return noContent();
  }),
});
