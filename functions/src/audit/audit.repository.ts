import type { AuditKind } from '@portal/shared/audit/audit.schema';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
import { AuditEntryEntity, type AuditEntryItem } from './audit-entry.entity.ts';

/** AP92: one PutItem per entry (a request changes at most a few kinds). */
export async function insertEntries(items: readonly AuditEntryItem[]): Promise<void> {
  await Promise.all(items.map((item) => AuditEntryEntity.create(item).go()));
}

export interface AuditRead {
  /** The range's first instant and the instant after it (ISO-8601 UTC). */
  start: string;
  end: string;
  actorId?: string | undefined;
  kind?: AuditKind | undefined;
  limit: number;
  token?: string | undefined;
}

/**
 * AP93: the entries of a range, newest first: ONE Query between `AUDIT#{start}` and `AUDIT#{end}`
 * (an entry at `end` itself sorts after the bare bound, so it is the next day's). Actor and kind
 * are a FilterExpression, not an index: a trail is a few changes a day, so a year's range is a
 * few pages at most, and an index per filter would cost a write on every change for a rare read.
 * `count` reads on until the page is full; its token is the key of the page's last entry.
 */
export async function listEntries(orgId: string, read: AuditRead): Promise<{ data: AuditEntryItem[]; cursor: string | null }> {
  const cursor = checkedPageToken(read.token, 'pk', `ORG#${orgId}`) ?? null;
  let query = AuditEntryEntity.query.byTime({ orgId }).between({ at: read.start }, { at: read.end });
  if (read.actorId) query = query.where((attr, op) => op.eq(attr.actorId, read.actorId!));
  if (read.kind) query = query.where((attr, op) => op.eq(attr.kind, read.kind!));
  return withPageToken(() => query.go({ order: 'desc', count: read.limit, cursor }));
}
