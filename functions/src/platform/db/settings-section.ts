/**
 * An organisation's settings section: one `SETTINGS#<section>` row (docs/data-model.md §3.1), read
 * as its DTO or the defaults while the organisation never saved its own (AP5), and replaced as a
 * whole (AP7). Each module declares its section beside its entity (the row's fields both ways and
 * what a save keeps of the input); the kit keeps the read-or-defaults, the put and the before and
 * after a save's audit entry names (`audit/public.ts` `replaceSettings`).
 */
export interface SettingsSection<Dto> {
  /** The saved section, or a fresh copy of the defaults. */
  read(orgId: string): Promise<Dto>;
  /** Replaces the row with `settings` as they are (a save that reads its before itself). */
  write(orgId: string, settings: Dto, now?: Date): Promise<void>;
  /** Replaces the row with what `normalize` keeps of `input`; the section before and after. */
  replace(orgId: string, input: Dto, now?: Date): Promise<{ before: Dto; after: Dto }>;
}

export interface SectionFields<Dto, Row> {
  /** A fresh value each call: callers may change what they read. */
  defaults: () => Dto;
  fromRow: (row: Row) => Dto;
  /** The row's attributes but the key (`orgId`) and `updatedAt`, which the kit adds. */
  toRow: (settings: Dto) => Omit<Row, 'orgId' | 'updatedAt'>;
  /** What a save stores of the input (only the fields the schema knows, duplicates dropped); the input as it is when absent. */
  normalize?: (input: Dto) => Dto;
}

interface Go<T> {
  go(): Promise<T>;
}

/** The two ElectroDB calls the kit makes, over any section's entity (typed by its own model). */
interface SectionRows<Row> {
  get(key: { orgId: string }): Go<{ data: Row | null }>;
  put(row: Row): Go<unknown>;
}

export function settingsSection<Dto, Row extends { orgId: string; updatedAt?: string }>(entity: SectionRows<Row>, fields: SectionFields<Dto, Row>): SettingsSection<Dto> {
  const read = async (orgId: string) => {
    const { data } = await entity.get({ orgId }).go();
    return data ? fields.fromRow(data) : fields.defaults();
  };
  const write = async (orgId: string, settings: Dto, now = new Date()) => {
    await entity.put({ ...fields.toRow(settings), orgId, updatedAt: now.toISOString() } as Row).go();
  };
  return {
    read,
    write,
    async replace(orgId, input, now) {
      const before = await read(orgId);
      const after = fields.normalize ? fields.normalize(input) : input;
      await write(orgId, after, now);
      return { before, after };
    },
  };
}
