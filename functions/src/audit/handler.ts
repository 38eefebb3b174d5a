import { listAuditQuerySchema } from '@portal/shared/audit/audit.schema';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { ok } from '../platform/http/responses.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { listAuditEntries } from './audit.service.ts';

/** The audit trail (issue 32): superadmins read it; the modules that change things record through public.ts. */
export const handler = createModuleHandler('audit', {
  listAuditEntries: route({ params: orgPathSchema, query: listAuditQuerySchema }, async ({ params, query }) => ok(await listAuditEntries(params.orgId, query))),
});
