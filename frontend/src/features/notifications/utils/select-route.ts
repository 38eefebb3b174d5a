import type { NotificationDto } from '@portal/shared/notifications/notification.schema';

/** Which edit applies to a notification (spec 000 §2 select/{id}). */
export type SelectDecision =
  | { kind: 'edit'; id: string }
  | { kind: 'edit-recurring'; id: string }
  /** A series' child: 'Just this one' edits it, 'All Occurrences' its root. */
  | { kind: 'ask'; id: string };

type Meta = Pick<NotificationDto, 'id' | 'item_type' | 'meta'>;

export const isRecurringRoot = (dto: Meta) => dto.meta.is_recurring_root || dto.item_type === 'notification_recurring_root';
export const isRecurringChild = (dto: Meta) => dto.meta.is_recurring_child && !isRecurringRoot(dto);

export function selectDecision(dto: Meta): SelectDecision {
  if (isRecurringRoot(dto)) return { kind: 'edit-recurring', id: dto.id };
  if (isRecurringChild(dto)) return { kind: 'ask', id: dto.id };
  return { kind: 'edit', id: dto.id };
}

/** Sent (or sending): listed under sent; a series' root never is (spec 000 §4). */
export const isSent = (dto: Meta) => !isRecurringRoot(dto) && !dto.meta.scheduled;

/** The form an edit/{id} opens: content only once sent (spec 000 §4). */
export const editModeOf = (dto: Meta) => (isRecurringRoot(dto) ? 'recurring' : isSent(dto) ? 'sent' : 'scheduled');
