import { AUDIT_DEFAULT_DAYS, AUDIT_KINDS, type AuditKind } from '@portal/shared/audit/audit.schema';
import { addDays } from '@portal/shared/shifts/iso-week';
import type { QueryParams } from '../../../lib/api-client.ts';

/**
 * The trail's filter, kept in the page's query so a reload or a shared link shows the same
 * entries: `from` and `to` (days in the organisation's zone), `person` (an actor's user id) and
 * `kind`. Without dates, the last AUDIT_DEFAULT_DAYS days to today, as the API's own default.
 */
export interface AuditFilter {
  from: string;
  to: string;
  /** '' for everyone. */
  person: string;
  /** '' for every kind. */
  kind: AuditKind | '';
}

const PARAMS = { from: 'from', to: 'to', person: 'person', kind: 'kind' } as const satisfies Record<keyof AuditFilter, string>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

/** Whether a date field's text is a whole day ('YYYY-MM-DD'), ready to filter by. */
export const isDay = (value: string) => DAY.test(value);

/** The default range: AUDIT_DEFAULT_DAYS days ending today (the organisation's). */
export function defaultRange(today: string): Pick<AuditFilter, 'from' | 'to'> {
  return { from: addDays(today, 1 - AUDIT_DEFAULT_DAYS), to: today };
}

/** The filter a query string names; what is missing or malformed (an old link's kind) is the default. */
export function auditFilterOf(params: URLSearchParams, today: string): AuditFilter {
  const range = defaultRange(today);
  const day = (key: 'from' | 'to') => {
    const value = params.get(PARAMS[key]) ?? '';
    return isDay(value) ? value : range[key];
  };
  const kind = params.get(PARAMS.kind) ?? '';
  return { from: day('from'), to: day('to'), person: params.get(PARAMS.person) ?? '', kind: isKind(kind) ? kind : '' };
}

/** The query string with a change of the filter; an emptied value leaves its parameter out. Other parameters are kept. */
export function withAuditFilter(params: URLSearchParams, change: Partial<AuditFilter>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change) as [keyof AuditFilter, string][]) {
    if (value) next.set(PARAMS[key], value);
    else next.delete(PARAMS[key]);
  }
  return next;
}

/** GET /audit's query for the filter (the API's names). */
export function auditQuery({ from, to, person, kind }: AuditFilter): QueryParams {
  return { from, to, ...(person ? { actor_id: person } : {}), ...(kind ? { kind } : {}) };
}

/** The export's file name: the range it covers. */
export const exportFileName = ({ from, to }: AuditFilter) => `audit-${from}_${to}.csv`;
