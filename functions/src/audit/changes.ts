import { AUDIT_CHANGES_MAX, AUDIT_VALUE_MAX } from '@portal/shared/audit/audit-kinds';
import type { AuditChangeDto } from '@portal/shared/audit/audit.schema';

/** A changed thing's fields as the API names them (`firstname`, `is_external`, `trigger_ids`). */
export type AuditRecord = Readonly<Record<string, unknown>>;

export interface ChangedRecords {
  /** The fields before the change; null (or absent) for something created. */
  before?: AuditRecord | null;
  /** The fields after it; null (or absent) for something deleted. */
  after?: AuditRecord | null;
  /** Fields whose values are secrets: a change is named, its values are never kept. */
  redact?: readonly string[];
}

/** Objects with their keys sorted: a map read back from DynamoDB comes in any order and is still the same value. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, stable(v)]));
  return value;
}

/** A value as the trail shows it: text as it is, numbers and booleans as text, lists and objects as JSON; nothing is null. */
export function auditText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(stable(value));
}

/** Cut to AUDIT_VALUE_MAX characters, the cut marked; compared uncut, so a change past the cut still counts. */
const cut = (text: string | null) => (text !== null && text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX - 1)}…` : text);

/**
 * The fields whose value differs between `before` and `after` (after's fields first, then those
 * only before had), at most AUDIT_CHANGES_MAX. A redacted field is named with null values and
 * `redacted`, so its value never reaches the entry.
 */
export function changedFields({ before, after, redact = [] }: ChangedRecords): AuditChangeDto[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields
    .flatMap((field): AuditChangeDto[] => {
      const was = auditText(before?.[field]);
      const is = auditText(after?.[field]);
      if (was === is) return [];
      return [redact.includes(field) ? redacted(field) : { field, before: cut(was), after: cut(is) }];
    })
    .slice(0, AUDIT_CHANGES_MAX);
}

/** A secret set, rotated or removed: only its name. */
export const redacted = (field: string): AuditChangeDto => ({ field, before: null, after: null, redacted: true });
