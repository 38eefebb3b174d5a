import type { NotificationDto } from '@portal/shared/notifications/notification.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { InspectOverlay } from '../../../ui/inspect-overlay.tsx';
import { SelectEditOverlay, SeriesDeleteOverlay, type Series } from '../../../ui/series-overlays.tsx';
import { recurringRootQueryOptions, useDeleteNotification } from '../api/notifications.ts';
import { NOTIFICATION_OVERLAYS, WithNotification } from '../components/with-item.tsx';
import { headlineOf } from '../utils/display.ts';
import { tabOf } from '../utils/notification-tabs.ts';

/** A series' child asks 'Just this one' or 'All Occurrences' before an edit or a delete; deleting a root ends its series, what was sent stays. */
const NOTIFICATION_SERIES: Series<NotificationDto> = {
  overlays: NOTIFICATION_OVERLAYS,
  With: WithNotification,
  param: 'notificationId',
  headline: headlineOf,
  editRoute: orgPaths.notificationEdit,
  editRecurringRoute: orgPaths.notificationEditRecurring,
  rootQuery: recurringRootQueryOptions,
};

/** /notifications/select/{id}: decides which edit applies; a series' child asks first. */
export function SelectNotificationRoute() {
  return <SelectEditOverlay series={NOTIFICATION_SERIES} />;
}

/** /notifications/delete/{id}: confirm; a series' child asks 'Just this one' or 'All Occurrences'. */
export function DeleteNotificationRoute() {
  const { organization } = useOrganizationContext();
  const remove = useDeleteNotification(organization.id);
  return <SeriesDeleteOverlay series={NOTIFICATION_SERIES} remove={(notificationId, scope) => remove.mutateAsync({ notificationId, scope })} tabOf={tabOf} />;
}

/** /notifications/inspect/{id}: the stored notification as JSON (developer mode). */
export function InspectNotificationRoute() {
  return <InspectOverlay overlays={NOTIFICATION_OVERLAYS} With={WithNotification} param="notificationId" titleKey="inspect.title" />;
}
