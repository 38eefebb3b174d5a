import type { TFunction } from 'i18next';
import type { AuditAction, AuditChangeDto, AuditEntryDto, AuditKind } from '@portal/shared/audit/audit.schema';
import type { CsvCell } from '../../../lib/csv.ts';
import { isoDateTime } from '../../../lib/date-time.ts';

/** The words an entry is shown and exported with, in the user's language. */
export interface AuditWords {
  kind: (kind: AuditKind) => string;
  action: (action: AuditAction) => string;
  /** A known field's name, else its key as stored. */
  field: (field: string) => string;
  /** What changed: a settings section by its name (the entry keeps its key), anything else by the name it had. */
  target: (entry: Pick<AuditEntryDto, 'kind' | 'target_name'>) => string;
  /** "password changed": a redacted field, without values. */
  redacted: (field: string) => string;
  /** A value that is not there (before a create, after a delete). */
  none: string;
  /** The after of a redacted field in the export. */
  notRecorded: string;
  /** The export's header row. */
  header: readonly string[];
}

/** A key i18next can look up as one (a dotted path would be read as nested keys). */
const PLAIN_KEY = /^\w+$/;
/** The kinds whose target is a settings section, named by its key ('general', 'shift_planner'). */
const SECTION_KINDS: ReadonlySet<AuditKind> = new Set(['settings', 'feature_flags']);

export function auditWords(t: TFunction<'audit'>): AuditWords {
  return {
    kind: (kind) => t(`kinds.${kind}`),
    action: (action) => t(`actions.${action}`),
    target: ({ kind, target_name: name }) => (SECTION_KINDS.has(kind) && PLAIN_KEY.test(name) ? t(`sections.${name}`, { defaultValue: name }) : name),
    // A feature flag's field is the sidebar's name of it.
    field: (field) => (PLAIN_KEY.test(field) ? t([`fields.${field}`, `app:nav.${field}`], { defaultValue: field }) : field),
    redacted: (field) => t('changes.redacted', { field }),
    none: t('changes.none'),
    notRecorded: t('changes.notRecorded'),
    header: (['time', 'person', 'personId', 'kind', 'action', 'target', 'targetId', 'field', 'before', 'after'] as const).map((key) => t(`csv.${key}`)),
  };
}

/** Who made a change: their current name while they are a member, else the name the entry kept. */
export const actorName = (entry: AuditEntryDto, names: ReadonlyMap<string, string>) => names.get(entry.actor_id) || entry.actor_name;

const valuesOf = (change: AuditChangeDto, words: AuditWords): [CsvCell, CsvCell] => (change.redacted ? [null, words.notRecorded] : [change.before, change.after]);

/**
 * The export's rows, the header first: one per changed field (an entry without fields one row),
 * times in ISO 8601 with the organisation's offset, ids beside the names for a spreadsheet's lookups.
 */
export function auditCsvRows(entries: readonly AuditEntryDto[], names: ReadonlyMap<string, string>, words: AuditWords, timeZone: string): CsvCell[][] {
  const rows = entries.flatMap((entry) => {
    const common = [isoDateTime(new Date(entry.at), timeZone), actorName(entry, names), entry.actor_id, words.kind(entry.kind), words.action(entry.action), words.target(entry), entry.target_id];
    if (entry.changes.length === 0) return [[...common, null, null, null]];
    return entry.changes.map((change) => [...common, words.field(change.field), ...valuesOf(change, words)]);
  });
  return [[...words.header], ...rows];
}
