import { CustomAttributeType, Entity, type Attribute, type EntityItem } from 'electrodb';
import { searchText } from '@portal/shared/templates/template-search';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * A kind of template (docs/data-model.md §3.3 AP36–AP37, §3.7 AP63–AP65): the rows live under
 * `pk=ORG#{orgId}`, `sk={sk}{templateId}`, with ULID ids, so the sort key order is creation order
 * (the search's "sortBy created").
 *
 * Why one ElectroDB entity per kind, built from this definition, and not one generic entity keyed
 * by kind: ElectroDB stores its entity name (`__edb_e__`) and version (`__edb_v__`) on every row and
 * reads back only rows carrying its own, and platform/tenancy/owned-ids.ts checks ids by that name.
 * A single entity would have one name, and the design templates' `DESIGNTEMPLATE#` prefix does not
 * even follow `TEMPLATE#{KIND}#`. Built per kind with the kind's own name, prefix and stored field
 * names, every row written before keeps its exact keys and attributes and stays readable
 * (template-kind.test.ts pins them).
 */
export interface TemplateKindDefinition<A extends Record<string, Attribute>> {
  /** The ElectroDB entity name written on each row: never rename it, older rows would vanish from reads. */
  readonly entity: string;
  /** The sort key prefix under `ORG#{orgId}`, `#`-terminated, e.g. `TEMPLATE#NOTIFICATION#`. */
  readonly sk: string;
  /** The kind's own attributes besides `orgId` and `templateId` (which every kind has). */
  readonly attributes: A;
  /**
   * For a searchable kind (AP65): the text its `searchText` attribute holds, derived from the item
   * on every write. A kind without it is listed, not searched.
   */
  readonly searchText?: (item: Record<string, unknown>) => string;
}

function templateEntity<const A extends Record<string, Attribute>>(definition: TemplateKindDefinition<A>) {
  return lazy(() => new Entity(
    {
      model: { entity: definition.entity, version: '1', service: 'portal' },
      attributes: {
        orgId: { type: 'string', required: true, readOnly: true },
        templateId: { type: 'string', required: true, readOnly: true },
        ...definition.attributes,
      },
      indexes: {
        byId: {
          pk: orgKey('pk'),
          // The prefix is `#`-terminated; its segments are joined again with `#`.
          sk: key('sk', definition.sk.slice(0, -1), attr('templateId')),
        },
      },
    },
    entityConfig(),
  ));
}

export type TemplateEntity<A extends Record<string, Attribute>> = ReturnType<typeof templateEntity<A>>;

export interface TemplateKind<A extends Record<string, Attribute>> extends TemplateKindDefinition<A> {
  /** The kind's ElectroDB entity. */
  readonly table: TemplateEntity<A>;
  /** A template's table key, as the entity writes it (a page token is built from it). */
  keyOf(orgId: string, templateId: string): { pk: string; sk: string };
}

/** A kind from its definition; the store (`templateStore`) and the item type follow from it. */
export function defineTemplateKind<const A extends Record<string, Attribute>>(definition: TemplateKindDefinition<A>): TemplateKind<A> {
  return { ...definition, table: templateEntity(definition), keyOf: (orgId, templateId) => ({ pk: `ORG#${orgId}`, sk: `${definition.sk}${templateId}` }) };
}

/** A stored template of the kind, as read and written (`templateId`, `orgId` and the kind's attributes). */
export type TemplateItem<K> = K extends TemplateKind<infer A> ? EntityItem<TemplateEntity<A>> : never;

/** An attribute stored as given (a JSON object of the spec's shape), typed `T` in code. */
export const storedAs = <T>() => ({ type: CustomAttributeType<T>('any' as never), required: true }) as const;

/** The content shape the search reads from a notification, action or task template. */
interface SentContent {
  content?: { title?: { text?: string }; body?: { text?: string } };
}

/**
 * The templates of what is sent to staff: notifications, actions and tasks (spec 000 §3; spec 001 §7
 * "Task/notification/action template search"). They differ only in the name of the wrapped object
 * (`notification`, `action`, `task`), so one call defines a kind: entity `{name}Template`, sort key
 * `TEMPLATE#{NAME}#{templateId}` (docs/data-model.md §2), and the stored field names of AP63
 * (`created_by`, `created_time`, `search_text`, `updated_at`). `search_text` is the folding of the
 * title and the wrapped content's title and body.
 */
export function messageTemplateKind<const Name extends string, Content extends SentContent>(name: Name, content: ReturnType<typeof storedAs<Content>>) {
  const wrapped = { [name]: content } as { readonly [K in Name]: typeof content };
  return defineTemplateKind({
    entity: `${name}Template`,
    sk: `TEMPLATE#${name.toUpperCase()}#`,
    attributes: {
      title: { type: 'string', required: true },
      ...wrapped,
      createdBy: { type: 'string', required: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, field: 'created_time' },
      searchText: { type: 'string', required: true, field: 'search_text' },
      updatedAt: { type: 'string', field: 'updated_at' },
    },
    searchText: (item) => {
      const sent = (item[name] ?? {}) as SentContent;
      return searchText(String(item.title ?? ''), sent.content?.title?.text ?? '', sent.content?.body?.text ?? '');
    },
  });
}
