import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { InspectOverlay } from '../../../ui/inspect-overlay.tsx';
import { kitLoaders, seriesOf, TemplateDeleteOverlay, TemplateInspectOverlay } from '../../../ui/sending-kit-overlays.tsx';
import { SelectEditOverlay, SeriesDeleteOverlay } from '../../../ui/series-overlays.tsx';
import { useDeleteNotification } from '../api/notifications.ts';
import { notificationsKit } from '../utils/notifications-kit.ts';
import { tabOf } from '../utils/notification-tabs.ts';

/** A series' child asks 'Just this one' or 'All Occurrences' before an edit or a delete; deleting a root ends its series, what was sent stays. */
const NOTIFICATION_SERIES = seriesOf(notificationsKit);

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
  return <InspectOverlay overlays={notificationsKit.overlays} With={kitLoaders(notificationsKit).WithItem} param="notificationId" titleKey="inspect.title" />;
}

/** /notifications/template/inspect/{id}. */
export const InspectTemplateRoute = () => <TemplateInspectOverlay kit={notificationsKit} />;

/** /notifications/template/delete/{id}: confirm, then remove. */
export const DeleteTemplateRoute = () => <TemplateDeleteOverlay kit={notificationsKit} />;
