import { useQueryClient } from '@tanstack/react-query';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { InspectOverlay } from '../../../ui/inspect-overlay.tsx';
import { SelectEditOverlay, SeriesDeleteOverlay } from '../../../ui/series-overlays.tsx';
import { recurringRootQueryOptions, useDeleteNotification } from '../api/notifications.ts';
import { NOTIFICATION_OVERLAYS, WithNotification } from '../components/with-item.tsx';
import { headlineOf } from '../utils/display.ts';
import { tabOf } from '../utils/notification-tabs.ts';

/** /notifications/select/{id}: decides which edit applies; a series' child asks first. */
export function SelectNotificationRoute() {
  const { organization } = useOrganizationContext();
  const client = useQueryClient();
  return (
    <SelectEditOverlay
      overlays={NOTIFICATION_OVERLAYS}
      With={WithNotification}
      param="notificationId"
      headline={headlineOf}
      editRoute={orgPaths.notificationEdit}
      editRecurringRoute={orgPaths.notificationEditRecurring}
      rootOf={(id) => client.fetchQuery(recurringRootQueryOptions(organization.id, id))}
    />
  );
}

/** /notifications/delete/{id}: confirm; a series' child asks 'Just this one' or 'All Occurrences' (a root: its series ends, notifications already sent stay). */
export function DeleteNotificationRoute() {
  const { organization } = useOrganizationContext();
  const remove = useDeleteNotification(organization.id);
  return (
    <SeriesDeleteOverlay
      overlays={NOTIFICATION_OVERLAYS}
      With={WithNotification}
      param="notificationId"
      headline={headlineOf}
      remove={(notificationId, scope) => remove.mutateAsync({ notificationId, scope })}
      tabOf={tabOf}
    />
  );
}

/** /notifications/inspect/{id}: the stored notification as JSON (developer mode). */
export function InspectNotificationRoute() {
  return <InspectOverlay overlays={NOTIFICATION_OVERLAYS} With={WithNotification} param="notificationId" titleKey="inspect.title" />;
}
