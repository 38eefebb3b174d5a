import type { AuditEntryDto } from '@portal/shared/audit/audit.schema';
import type { Page } from '@portal/shared/users/user.schema';
import type { QueryParams } from '../../../lib/api-client.ts';
import { crudResource } from '../../../lib/resource-api.ts';

export type AuditPage = Page<AuditEntryDto>;

/** GET /audit (superadmins): the organisation's changes, newest first, a page at a time. Nothing writes it through the API. */
export const auditResource = crudResource<{ item: AuditEntryDto; list: AuditPage }>()({
  module: 'audit',
  key: (orgId) => ['audit', orgId],
  id: 'entryId',
  list: 'listAuditEntries',
});

/** The page's list of the filter's query (utils/audit-filter.ts `auditQuery`), "Load more" for the next; keyed by the query's names, not only its values. */
export const auditPagesQueryOptions = (orgId: string, query: QueryParams) => auditResource.pagesQueryOptions(orgId, { query, keyParts: [query] });

/** One page of the export's walk through every entry of the query. */
export const auditPage = (orgId: string, query: QueryParams, signal: AbortSignal) => auditResource.request<AuditPage>('listAuditEntries', { params: { orgId }, query, signal });
