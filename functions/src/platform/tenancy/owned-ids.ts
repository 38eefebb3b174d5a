import { RECIPIENT_TYPES, type RecipientType } from '@portal/shared/recipients/recipient.schema';
import { isWellFormedId as isWellFormed } from '@portal/shared/validation/id-rule';
import { batchGetItems } from '../db/batch-get.ts';
import { InvalidInputError } from '../errors/domain-errors.ts';
import { GeneralSettingsEntity } from './general-settings.entity.ts';

/**
 * Ids in request bodies (docs/security.md, "Ids in request bodies"). A body may name only what
 * belongs to the organisation of its path: every service checks every id it is sent through
 * `assertOwnedIds` before it writes anything, and a foreign, unknown or malformed id is a 400 on
 * the field that carried it.
 *
 * The kinds with rows are read with one BatchGetItem under `ORG#{orgId}` (docs/data-model.md §2;
 * platform/ may not import the features' entities, so the keys are built from the documented key
 * grammar and the row's ElectroDB entity name is compared, as platform/devices does). A trigger
 * menu group (a user's `trigger_menus_default_trigger_group_id`) is a trigger group that also is in
 * the list general settings offer as trigger menus (spec 001 §6).
 */
export type OwnedKind =
  | 'user'
  | 'group'
  | 'device'
  | 'designTemplate'
  | 'notificationTemplate'
  | 'actionTemplate'
  | 'taskTemplate'
  | 'shiftActivityType'
  | 'trigger'
  | 'triggerGroup'
  | 'triggerMenuGroup';

export interface OwnedRef {
  /** The body field, as the 400's `errors` key and message name it (e.g. `users`, `meta.template_id`). */
  field: string;
  kind: OwnedKind;
  /** null, undefined and '' mean "none" and are skipped. */
  ids: ReadonlyArray<string | null | undefined>;
  /** The field's established message, when it already has one (e.g. the device form's 'User not found'). */
  message?: string;
}

interface RowKind {
  /** The sort key prefix under `ORG#{orgId}`. */
  sk: string;
  /** The ElectroDB entity name stored on the row (`__edb_e__`). */
  entity: string;
  noun: string;
}

/** The kinds stored as one row per id under the organisation's partition (docs/data-model.md §2). */
const ROW_KINDS: Record<Exclude<OwnedKind, 'triggerMenuGroup'>, RowKind> = {
  user: { sk: 'USER#', entity: 'userProfile', noun: 'user' },
  group: { sk: 'GROUP#', entity: 'userGroup', noun: 'user group' },
  device: { sk: 'DEVICE#', entity: 'device', noun: 'device' },
  designTemplate: { sk: 'DESIGNTEMPLATE#', entity: 'designTemplate', noun: 'design template' },
  notificationTemplate: { sk: 'TEMPLATE#NOTIFICATION#', entity: 'notificationTemplate', noun: 'notification template' },
  actionTemplate: { sk: 'TEMPLATE#ACTION#', entity: 'actionTemplate', noun: 'action template' },
  taskTemplate: { sk: 'TEMPLATE#TASK#', entity: 'taskTemplate', noun: 'task template' },
  shiftActivityType: { sk: 'SHIFTACTIVITYTYPE#', entity: 'shiftActivityType', noun: 'shift activity' },
  trigger: { sk: 'TRIGGER#', entity: 'trigger', noun: 'trigger' },
  triggerGroup: { sk: 'TRIGGERGROUP#', entity: 'triggerGroup', noun: 'trigger group' },
};

/** A trigger menu group is a trigger group row (and listed in general settings). */
const rowKindOf = (kind: OwnedKind): RowKind => ROW_KINDS[kind === 'triggerMenuGroup' ? 'triggerGroup' : kind];

const NOUNS: Record<OwnedKind, string> = {
  ...Object.fromEntries(Object.entries(ROW_KINDS).map(([kind, row]) => [kind, row.noun])),
  triggerMenuGroup: 'trigger group',
} as Record<OwnedKind, string>;


async function batchGetSortKeys(orgId: string, sortKeys: string[]): Promise<Map<string, string>> {
  const items = await batchGetItems(sortKeys.map((sk) => ({ pk: `ORG#${orgId}`, sk })), ['sk', '__edb_e__']);
  return new Map(items.map((item) => [String(item.sk), String(item.__edb_e__)]));
}

async function triggerMenuGroupIds(orgId: string): Promise<Set<string>> {
  const { data } = await GeneralSettingsEntity.get({ orgId }).go({ attributes: ['triggerMenusTriggerGroupIds'] });
  return new Set(data?.triggerMenusTriggerGroupIds ?? []);
}

/** Per ref, the set of its ids that belong to the organisation. */
async function ownedByRef(orgId: string, refs: readonly OwnedRef[]): Promise<Array<Set<string>>> {
  const wanted = refs.map((ref) => [...new Set(ref.ids.filter(isWellFormed))]);
  const sortKeys = new Set<string>();
  refs.forEach((ref, i) => {
    for (const id of wanted[i]!) sortKeys.add(rowKindOf(ref.kind).sk + id);
  });
  const needsMenus = refs.some((ref, i) => ref.kind === 'triggerMenuGroup' && wanted[i]!.length > 0);
  const [rows, menus] = await Promise.all([
    sortKeys.size ? batchGetSortKeys(orgId, [...sortKeys]) : new Map<string, string>(),
    needsMenus ? triggerMenuGroupIds(orgId) : new Set<string>(),
  ]);
  return refs.map((ref, i) => {
    const menu = ref.kind === 'triggerMenuGroup';
    const row = rowKindOf(ref.kind);
    return new Set(wanted[i]!.filter((id) => rows.get(row.sk + id) === row.entity && (!menu || menus.has(id))));
  });
}

const shown = (id: unknown) => {
  const text = typeof id === 'string' ? id : JSON.stringify(id) ?? String(id);
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
};

/**
 * Refuses the body unless every id of every ref belongs to the organisation: a 400 naming the first
 * offending field (in the order given), `Unknown user in users: <id>` unless the field has its own
 * message, with `errors: { [field]: message }` like every other 400.
 */
export async function assertOwnedIds(orgId: string, refs: readonly OwnedRef[]): Promise<void> {
  const present = refs.map((ref) => ({ ...ref, ids: ref.ids.filter((id) => id !== null && id !== undefined && id !== '') }));
  if (present.every((ref) => ref.ids.length === 0)) return;
  const owned = await ownedByRef(orgId, present);
  present.forEach((ref, i) => {
    const foreign = ref.ids.find((id) => !owned[i]!.has(id as string));
    if (foreign === undefined) return;
    const message = ref.message ?? `Unknown ${NOUNS[ref.kind]} in ${ref.field}: ${shown(foreign)}`;
    throw InvalidInputError.onField(ref.field, message);
  });
}

/** Which recipient types name an id of the organisation; everyone names none, and shift activity types have no rows yet (AP69). */
const RECIPIENT_KINDS: Partial<Record<RecipientType, OwnedKind>> = { user: 'user', user_group: 'group', shift_activity_type: 'shiftActivityType' };

/**
 * The refs of a `recipient_groups` body value: its users, user groups and shift activities, under `field`. A value
 * that is not a list of `{recipients: [{id, type}]}` is refused on the field, since its ids could
 * not be checked (the notification template schema does not shape it yet).
 */
export function recipientRefs(field: string, groups: unknown): OwnedRef[] {
  const invalid = () => InvalidInputError.onField(field, `Invalid recipient in ${field}`);
  if (groups === undefined || groups === null) return [];
  if (!Array.isArray(groups)) throw invalid();
  const ids = new Map<OwnedKind, string[]>();
  for (const group of groups as unknown[]) {
    const recipients = (group as { recipients?: unknown } | null)?.recipients ?? [];
    if (!Array.isArray(recipients)) throw invalid();
    for (const recipient of recipients as unknown[]) {
      const { id, type } = (recipient ?? {}) as { id?: unknown; type?: unknown };
      if (typeof id !== 'string' || !(RECIPIENT_TYPES as readonly unknown[]).includes(type)) throw invalid();
      const kind = RECIPIENT_KINDS[type as RecipientType];
      if (kind) ids.set(kind, [...(ids.get(kind) ?? []), id]);
    }
  }
  return [...ids].map(([kind, list]) => ({ field, kind, ids: list }));
}
