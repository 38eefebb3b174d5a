import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { ok } from '../platform/http/responses.ts';
import { route } from '../platform/http/route.ts';
import { watchConfigOf } from './device-config.service.ts';

/** GET /watch-config: the caller's trigger menu and the watch settings (any member; docs/device-protocol.md §5). */
export const watchConfigRoutes = {
  getWatchConfig: route({ params: orgPathSchema }, async ({ params, principal }) => ok(await watchConfigOf(params.orgId, principal.userId))),
};
