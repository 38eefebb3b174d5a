import type { NotificationDto, NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { orgPaths } from '../../../lib/paths.ts';
import type { ListOverlays } from '../../../ui/list-overlays.tsx';
import { OverlayQuery, useOverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { notificationQueryOptions, recurringRootQueryOptions } from '../api/notifications.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** The overlays of /notifications: they close (and an unknown id goes back) to the list; texts of 'notifications'. */
export const NOTIFICATION_OVERLAYS: ListOverlays = { listRoute: orgPaths.notifications, namespace: 'notifications', loadingKey: 'form.loading' };

/** The notification of the route; `root` loads the series root of that (child) id instead. */
export function WithNotification({ id, root = false, ...rest }: WithItemProps<NotificationDto> & { root?: boolean }) {
  const { orgId, ...list } = useOverlayList(NOTIFICATION_OVERLAYS);
  return <OverlayQuery options={root ? recurringRootQueryOptions(orgId, id) : notificationQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithTemplate({ id, ...rest }: WithItemProps<NotificationTemplateDto>) {
  const { orgId, ...list } = useOverlayList(NOTIFICATION_OVERLAYS);
  return <OverlayQuery options={templateQueryOptions(orgId, id)} {...list} {...rest} />;
}
