import type { NotificationDto, NotificationStatus, PerUserState } from '@portal/shared/notifications/notification.schema';
import { perUserState } from '@portal/shared/notifications/notification-status';
import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';
export { daysLabel } from '../../../lib/weekdays.ts';

/** The line a list shows for an item: its title, else its message. */
export const headlineOf = (dto: Pick<NotificationDto, 'content'>) => dto.content.title.text || dto.content.body.text;

export interface StatusRow {
  userId: string;
  name: string;
  state: PerUserState;
}

/** Per-user states by name (spec 000 §3: NotSent, Sent, Read); names from the recipient options. */
export function statusRows(status: NotificationStatus, options: Pick<RecipientOptions, 'users'> | undefined): StatusRow[] {
  const names = new Map(options?.users.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]) ?? []);
  const ids = [...new Set([...status.user_ids, ...status.sent_user_ids, ...status.read_user_ids])];
  return ids
    .map((userId) => ({ userId, name: names.get(userId) || userId, state: perUserState(status, userId) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
