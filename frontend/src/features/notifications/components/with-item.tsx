import { useTranslation } from 'react-i18next';
import type { NotificationDto, NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayQuery, type OverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { notificationQueryOptions, recurringRootQueryOptions } from '../api/notifications.ts';
import { templateQueryOptions } from '../api/templates.ts';

/** An unknown id goes back to /notifications. */
function useNotificationsList(): OverlayList & { orgId: string } {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  return { orgId: organization.id, listRoute: orgPaths.notifications, loadingLabel: t('form.loading') };
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
