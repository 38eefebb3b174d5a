import type { NotificationStatus, PerUserState } from './notification.schema.ts';

/** Per-user state (spec 000 §3): Read once opened, Sent once delivered, NotSent before. */
export function perUserState(status: Pick<NotificationStatus, 'sent_user_ids' | 'read_user_ids'>, userId: string): PerUserState {
  if (status.read_user_ids.includes(userId)) return 'Read';
  if (status.sent_user_ids.includes(userId)) return 'Sent';
  return 'NotSent';
}
