/**
 * What names a rollup row's value (decision 0087): the source to read its name from at answer time,
 * and the id there. Values are as the modules' fact mappings write them: a template or trigger id,
 * a person's id, `user_group:{id}`, `shift_activity_type:{id}`, `everyone:{id}` (the everyone
 * group), a checklist item's label (CHECK: the value is its name), an hour `00`..`23`. `-` (none)
 * and `…:*` (people named one by one, entries past the cap) have no name: the page labels them.
 */
export type NameSource = 'template' | 'trigger' | 'group' | 'activity' | 'person';
export type NameRef = { source: NameSource; id: string } | 'itself' | null;

const SIMPLE: Readonly<Record<string, NameSource>> = { TEMPLATE: 'template', TRIGGER: 'trigger', PERSON: 'person' };
/** Recipient entries (GROUP, and ACTIVITY when it is written as one): their type's source. */
const TYPED: Readonly<Record<string, NameSource>> = { user_group: 'group', everyone: 'group', shift_activity_type: 'activity' };

export function nameRefOf(dimension: string, value: string): NameRef {
  if (value === '-' || value.endsWith(':*')) return null;
  if (dimension === 'CHECK') return 'itself';
  const simple = SIMPLE[dimension];
  if (simple) return { source: simple, id: value };
  const split = value.indexOf(':');
  const typed = split > 0 ? TYPED[value.slice(0, split)] : undefined;
  if (dimension === 'GROUP') return typed ? { source: typed, id: value.slice(split + 1) } : null;
  if (dimension === 'ACTIVITY') return typed === 'activity' ? { source: typed, id: value.slice(split + 1) } : split < 0 ? { source: 'activity', id: value } : null;
  return null;
}

/**
 * The sources a dimension's values may name, known before its rows are read, so the names are read
 * beside the rollups and not after them (a GROUP may name groups and activities; CHECK, HOUR: none).
 */
export function sourcesOf(dimension: string): NameSource[] {
  const simple = SIMPLE[dimension];
  if (simple) return [simple];
  if (dimension === 'GROUP') return ['group', 'activity'];
  if (dimension === 'ACTIVITY') return ['activity'];
  return [];
}

/** The values' names from the sources read (a name missing there, something removed, is null). */
export function namesFrom(dimension: string, values: readonly string[], read: ReadonlyMap<NameSource, ReadonlyMap<string, string>>): Map<string, string | null> {
  return new Map(
    values.map((value) => {
      const ref = nameRefOf(dimension, value);
      return [value, !ref ? null : ref === 'itself' ? value : (read.get(ref.source)?.get(ref.id) ?? null)];
    }),
  );
}
