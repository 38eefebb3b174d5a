import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';

/**
 * The guard of the key convention (docs/data-model.md §1, decision 0068). Every `*.entity.ts` under
 * functions/src is found by its name, so a new entity is covered without being listed here.
 *
 * 1. Every index of every entity, with the keys ElectroDB writes for sample values, is pinned in
 *    key-convention.keys.json: a stored key that changes would orphan every row written before.
 *    Change that file only on purpose, with a migration: `WRITE_KEY_FIXTURE=1 npx vitest run
 *    --project unit functions/src/platform/db/key-convention.test.ts` writes it.
 * 2. The convention itself: the org id first (or an exception with its reason), `#`-joined
 *    segments, the composites in template order, the index's own fields, `casing: 'none'`.
 * 3. docs/data-model.md §2 names every key of every entity.
 */

const src = fileURLToPath(new URL('../../', import.meta.url));
const fixturePath = fileURLToPath(new URL('./key-convention.keys.json', import.meta.url));
const dataModel = readFileSync(fileURLToPath(new URL('../../../../docs/data-model.md', import.meta.url)), 'utf8');

/** Partition keys that do not start with the organisation, and why (docs/data-model.md §1.1). */
const NOT_UNDER_ORG: Record<string, string> = {
  'deviceLookup/byValue': 'a device serial, IoT thing or token turns into its orgId here',
  'membership/byUser': "a user's organisations, read by the pre-token trigger before any orgId is known",
  'schedule/byId': "the local scheduler: the port's cancel(name) knows only the name (decision 0007)",
  'schedule/due': 'the local scheduler polls due schedules across organisations (decision 0007)',
  'userAccount/byUser': 'the account belongs to the person, who may join several organisations',
  'userConnection/byClient': "a person's watch-emulator connections serve every organisation at once",
  'userPresence/byUser': "a person's presence, across organisations",
  'clientErrorQuota/bySubject': 'browser error reports are counted before any organisation is known (decision 0018)',
};

interface KeyRecord {
  field: string | undefined;
  composite: readonly string[];
  template: string | undefined;
  casing: string | undefined;
}

interface IndexRecord {
  index: string;
  type?: string;
  collection?: unknown;
  pk: KeyRecord;
  sk?: KeyRecord;
  /** The keys ElectroDB writes, for sample composite values (`<name>`, 7 or an enum's first value). */
  stored: Record<string, string>;
}

/** What this test reads of an entity. */
interface AnyEntity { schema: unknown; query: unknown }
interface Schema {
  model: { entity: string };
  attributes: Record<string, { type: unknown }>;
  indexes: Record<string, { index?: string; type?: string; collection?: unknown; pk: KeyRecord; sk?: KeyRecord }>;
}

const entityFiles = (readdirSync(src, { recursive: true }) as string[])
  .filter((path) => path.endsWith('.entity.ts'))
  .map((path) => path.split('\\').join('/'))
  .sort();

/** Each module's entities: an ElectroDB entity, or a template kind's `table`. */
async function entitiesOf(file: string): Promise<AnyEntity[]> {
  const module = (await import(join(src, file))) as Record<string, unknown>;
  return Object.values(module).flatMap((value) => {
    if (value instanceof Entity) return [value as unknown as AnyEntity];
    const table = (value as { table?: unknown } | undefined)?.table;
    return table instanceof Entity ? [table as unknown as AnyEntity] : [];
  });
}

const keyRecord = (key: KeyRecord): KeyRecord => ({ field: key.field, composite: [...key.composite], template: key.template, casing: key.casing });

function sample(schema: Schema, attribute: string): string | number {
  const type = schema.attributes[attribute]?.type;
  if (type === 'string') return `<${attribute}>`;
  if (type === 'number') return 7;
  if (Array.isArray(type)) return type[0] as string;
  throw new Error(`${schema.model.entity}: composite ${attribute} of type ${String(type)} has no sample`);
}

function record(entity: AnyEntity): Record<string, IndexRecord> {
  const schema = entity.schema as Schema;
  return Object.fromEntries(Object.entries(schema.indexes).map(([accessPattern, index]) => {
    const composites = [...index.pk.composite, ...(index.sk?.composite ?? [])];
    const values = Object.fromEntries(composites.map((name) => [name, sample(schema, name)]));
    const query = (entity.query as Record<string, (values: object) => { params: () => { ExpressionAttributeValues: Record<string, string>; ExpressionAttributeNames: Record<string, string> } }>)[accessPattern];
    const params = query!(values).params();
    const stored = Object.fromEntries(Object.entries(params.ExpressionAttributeNames).map(([name, field]) => [field, params.ExpressionAttributeValues[`:${name.slice(1)}`]!]));
    return [accessPattern, {
      index: index.index ?? 'table',
      ...(index.type ? { type: index.type } : {}),
      ...(index.collection ? { collection: index.collection } : {}),
      pk: keyRecord(index.pk),
      ...(index.sk ? { sk: keyRecord(index.sk) } : {}),
      stored,
    }];
  }));
}

async function current() {
  const all: Record<string, { file: string; indexes: Record<string, IndexRecord> }> = {};
  for (const file of entityFiles) {
    for (const entity of await entitiesOf(file)) {
      const name = (entity.schema as Schema).model.entity;
      expect(all[name], `entity name ${name} used twice`).toBeUndefined();
      all[name] = { file: relative(join(src, '../..'), join(src, file)).split('\\').join('/'), indexes: record(entity) };
    }
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

const keysOf = async () => Object.entries(await current()).flatMap(([entity, { indexes }]) =>
  Object.entries(indexes).flatMap(([accessPattern, index]) =>
    (['pk', 'sk'] as const).flatMap((role) => (index[role] ? [{ entity, accessPattern, index: index.index, role, key: index[role] }] : []))));

describe('key convention', () => {
  it('finds every entity file, each with at least one entity', async () => {
    expect(entityFiles.length).toBeGreaterThan(40);
    for (const file of entityFiles) expect(await entitiesOf(file), file).not.toHaveLength(0);
  });

  it('keeps every stored key as pinned in key-convention.keys.json', async () => {
    const keys = await current();
    if (process.env.WRITE_KEY_FIXTURE === '1') writeFileSync(fixturePath, `${JSON.stringify(keys, null, 2).replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_, items: string) => `[${items.replace(/\s*\n\s*/g, ' ')}]`)}\n`);
    expect(keys).toEqual(JSON.parse(readFileSync(fixturePath, 'utf8')));
  });

  it("starts every partition key with the organisation, or says why not", async () => {
    const exceptions = new Set<string>();
    for (const { entity, accessPattern, role, key } of await keysOf()) {
      if (role !== 'pk') continue;
      const underOrg = key.template?.startsWith('ORG#${orgId}') === true && key.composite[0] === 'orgId';
      const name = `${entity}/${accessPattern}`;
      if (underOrg) expect(NOT_UNDER_ORG[name], `${name} is under the org: drop its exception`).toBeUndefined();
      else {
        expect(NOT_UNDER_ORG[name], `${name}: ${key.template} does not start with ORG#\${orgId}`).toBeDefined();
        exceptions.add(name);
      }
    }
    expect([...exceptions].sort()).toEqual(Object.keys(NOT_UNDER_ORG).sort());
  });

  it("writes each key as '#'-joined segments in its index's own field, its composites in template order", async () => {
    for (const { entity, accessPattern, index, role, key } of await keysOf()) {
      const where = `${entity}/${accessPattern} ${role}: ${key.template}`;
      expect(key.field, where).toBe(index === 'table' ? role : `${index}${role}`);
      expect(key.casing, where).toBe('none');
      const segments = (key.template ?? '').split('#');
      for (const segment of segments) expect(segment, where).toMatch(/^(\$\{[a-zA-Z]+\}|[A-Za-z]+)$/);
      expect(segments.filter((segment) => segment.startsWith('${')).map((segment) => segment.slice(2, -1)), where).toEqual(key.composite);
    }
  });

  it('names every key in docs/data-model.md §2', async () => {
    const overview = dataModel.slice(dataModel.indexOf('## 2. Key overview'), dataModel.indexOf('## 3.'));
    const missing = (await keysOf()).flatMap(({ entity, accessPattern, role, key }) => {
      const row = overview.split('\n').find((line) => line.includes(`\`${entity}\``)) ?? '';
      const documented = `\`${(key.template ?? '').replaceAll('${', '{')}\``;
      return row.includes(documented) ? [] : [`${entity}/${accessPattern} ${role} ${documented}`];
    });
    expect(missing).toEqual([]);
  });
});
