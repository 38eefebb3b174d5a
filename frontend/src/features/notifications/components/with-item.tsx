import { useTranslation } from 'react-i18next';
import type { NotificationDto, NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import type { ListOverlays } from '../../../ui/list-overlays.tsx';
import { OverlayQuery, type OverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { notificationQueryOptions, recurringRootQueryOptions } from '../api/notifications.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** The overlays of /notifications: they close (and an unknown id goes back) to the list; texts of 'notifications'. */
export const NOTIFICATION_OVERLAYS: ListOverlays = { listRoute: orgPaths.notifications, namespace: 'notifications' };

function useNotificationsList(): OverlayList & { orgId: string } {
  const { t } = useTranslation(NOTIFICATION_OVERLAYS.namespace);
  const { organization } = useOrganizationContext();
  return { orgId: organization.id, listRoute: NOTIFICATION_OVERLAYS.listRoute, loadingLabel: t('form.loading') };
}

/** The notification of the route; `root` loads the series root of that (child) id instead. */
export function WithNotification({ id, root = false, ...rest }: WithItemProps<NotificationDto> & { root?: boolean }) {
  const { orgId, ...list } = useNotificationsList();
  return <OverlayQuery options={root ? recurringRootQueryOptions(orgId, id) : notificationQueryOptions(orgId, id)} {...list} {...rest} />;
}

export function WithTemplate({ id, ...rest }: WithItemProps<NotificationTemplateDto>) {
  const { orgId, ...list } = useNotificationsList();
  return <OverlayQuery options={templateQueryOptions(orgId, id)} {...list} {...rest} />;
}
