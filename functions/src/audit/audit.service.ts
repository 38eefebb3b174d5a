import { AUDIT_MESSAGES, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, type AuditEntryDto, type ListAuditQuery } from '@portal/shared/audit/audit.schema';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import type { AuditEntryItem } from './audit-entry.entity.ts';
import { auditRange } from './audit-range.ts';
import * as repo from './audit.repository.ts';

export interface AuditPage {
  items: AuditEntryDto[];
  next_token?: string;
}

/** The page size asked for (the schema let only digits through), 1 to AUDIT_PAGE_MAX. */
function pageLimit(limit: string | undefined): number {
  const n = limit === undefined ? AUDIT_PAGE_DEFAULT : Number(limit);
  if (n < 1 || n > AUDIT_PAGE_MAX) throw InvalidInputError.onField('limit', AUDIT_MESSAGES.limit);
  return n;
}

const toDto = (item: AuditEntryItem): AuditEntryDto => ({
  id: item.entryId,
  at: item.at,
  actor_id: item.actorId,
  actor_name: item.actorName,
  kind: item.kind,
  action: item.action,
  target_id: item.targetId,
  target_name: item.targetName,
  changes: item.changes.map((c) => ({ field: c.field, before: c.before ?? null, after: c.after ?? null, ...(c.redacted ? { redacted: true as const } : {}) })),
});

/** GET /audit (superadmins): a page of the range's entries, newest first, of one actor or kind if asked. */
export async function listAuditEntries(orgId: string, query: ListAuditQuery, now = new Date()): Promise<AuditPage> {
  const limit = pageLimit(query.limit);
  const range = auditRange(await organizationTimeZone(orgId), now, query);
  if (!range) return { items: [] };
  const page = await repo.listEntries(orgId, { ...range, actorId: query.actor_id, kind: query.kind, limit, token: query.next_token });
  return { items: page.data.map(toDto), ...(page.cursor ? { next_token: page.cursor } : {}) };
}
