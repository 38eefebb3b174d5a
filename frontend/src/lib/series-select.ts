/**
 * select/{id} of a module with series (notifications, tasks; spec 000 §2, §4): which edit applies.
 * A series' root has `meta.is_recurring_root` (or an item_type '…_recurring_root'); editing a child
 * asks 'Just this one' or 'All Occurrences' first.
 */
export type SelectDecision =
  | { kind: 'edit'; id: string }
  | { kind: 'edit-recurring'; id: string }
  /** A series' child: 'Just this one' edits it, 'All Occurrences' its root. */
  | { kind: 'ask'; id: string };

export interface SeriesMeta {
  id: string;
  item_type?: string;
  meta: { is_recurring_root: boolean; is_recurring_child: boolean };
}

export const isRecurringRoot = (dto: SeriesMeta) => dto.meta.is_recurring_root || Boolean(dto.item_type?.endsWith('_recurring_root'));
export const isRecurringChild = (dto: SeriesMeta) => dto.meta.is_recurring_child && !isRecurringRoot(dto);

export function selectDecision(dto: SeriesMeta): SelectDecision {
  if (isRecurringRoot(dto)) return { kind: 'edit-recurring', id: dto.id };
  if (isRecurringChild(dto)) return { kind: 'ask', id: dto.id };
  return { kind: 'edit', id: dto.id };
}
