import type { NotificationDto } from '@portal/shared/notifications/notification.schema';
import { isRecurringRoot } from '../../../lib/series-select.ts';

export { isRecurringChild, isRecurringRoot, selectDecision, type SelectDecision } from '../../../lib/series-select.ts';

type Meta = Pick<NotificationDto, 'id' | 'item_type' | 'meta'>;

/** Sent (or sending): listed under sent; a series' root never is (spec 000 §4). */
export const isSent = (dto: Meta) => !isRecurringRoot(dto) && !dto.meta.scheduled;

/** The form an edit/{id} opens: content only once sent (spec 000 §4). */
export const editModeOf = (dto: Meta) => (isRecurringRoot(dto) ? 'recurring' : isSent(dto) ? 'sent' : 'scheduled');
