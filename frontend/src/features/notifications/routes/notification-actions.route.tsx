import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@portal/shared/notifications/notification.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ConfirmChoices } from '../../../ui/confirm-once.tsx';
import { InspectCard } from '../../../ui/inspect-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { recurringRootQueryOptions, useDeleteNotification } from '../api/notifications.ts';
import { WithNotification } from '../components/with-item.tsx';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { headlineOf } from '../utils/display.ts';
import { selectedOf, tabOf } from '../utils/notification-tabs.ts';
import { isRecurringChild, isRecurringRoot, selectDecision } from '../utils/select-route.ts';

type Scope = 'one' | 'all';

/** /notifications/select/{id}: decides which edit applies; a series' child asks first. */
export function SelectNotificationRoute() {
  const { t } = useTranslation('notifications');
  const { notificationId = '' } = useParams();
  const { to } = useNotificationsNav();
  return (
    <WithNotification id={notificationId} title={t('form.editTitle')}>
      {(dto) => {
        const decision = selectDecision(dto);
        if (decision.kind === 'edit') return <Navigate to={to(orgPaths.notificationEdit, { notificationId: dto.id })} replace />;
        if (decision.kind === 'edit-recurring') return <Navigate to={to(orgPaths.notificationEditRecurring, { notificationId: dto.id })} replace />;
        return <AskWhichToEdit dto={dto} />;
      }}
    </WithNotification>
  );
}

function AskWhichToEdit({ dto }: { dto: NotificationDto }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const client = useQueryClient();
  const { go, close } = useNotificationsNav();

  async function choose(scope: Scope) {
    if (scope === 'one') return go(orgPaths.notificationEdit, { notificationId: dto.id }, { replace: true });
    // 'All Occurrences' fetches the recurring root and edits it.
    const root = await client.fetchQuery(recurringRootQueryOptions(organization.id, dto.id));
    go(orgPaths.notificationEditRecurring, { notificationId: root.id }, { replace: true });
  }

  return (
    <ConfirmChoices
      title={t('confirm.editChildTitle')}
      message={t('confirm.editChildQuestion', { title: headlineOf(dto) })}
      choices={[
        { value: 'one', label: t('confirm.justThisOne') },
        { value: 'all', label: t('confirm.allOccurrences') },
      ]}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={choose}
      onCancel={() => close()}
    />
  );
}

/** /notifications/delete/{id}: confirm; a series' child asks 'Just this one' or 'All Occurrences'. */
export function DeleteNotificationRoute() {
  const { t } = useTranslation('notifications');
  const { notificationId = '' } = useParams();
  return (
    <WithNotification id={notificationId} title={t('confirm.deleteTitle')}>
      {(dto) => <ConfirmDelete dto={dto} />}
    </WithNotification>
  );
}

function ConfirmDelete({ dto }: { dto: NotificationDto }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const remove = useDeleteNotification(organization.id);
  const { close } = useNotificationsNav();
  const { search } = useLocation();
  const toast = useToast();
  const child = isRecurringChild(dto);
  const title = headlineOf(dto);

  async function choose(scope: Scope) {
    await remove.mutateAsync({ notificationId: dto.id, scope });
    toast.show({ message: t('confirm.deleted'), variation: 'success' });
    // The deleted item (or its series) leaves the details pane.
    const selected = selectedOf(search);
    close({ tab: tabOf(search), selected: selected === dto.id || scope === 'all' ? undefined : selected });
  }

  const choices = child
    ? [
        { value: 'one' as const, label: t('confirm.justThisOne'), variation: 'destructive' as const },
        { value: 'all' as const, label: t('confirm.allOccurrences'), variation: 'destructive' as const },
      ]
    : // A root: its series ends; notifications already sent stay.
      [{ value: 'one' as const, label: t('confirm.delete'), variation: 'destructive' as const }];
  const message = child
    ? t('confirm.deleteChildQuestion', { title })
    : t(isRecurringRoot(dto) ? 'confirm.deleteSeriesQuestion' : 'confirm.deleteQuestion', { title });
  return (
    <ConfirmChoices
      title={t(child ? 'confirm.deleteChildTitle' : 'confirm.deleteTitle')}
      message={message}
      choices={choices}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={choose}
      onCancel={() => close()}
    />
  );
}

/** /notifications/inspect/{id}: the stored notification as JSON (developer mode). */
export function InspectNotificationRoute() {
  const { t } = useTranslation('notifications');
  const { notificationId = '' } = useParams();
  const { close } = useNotificationsNav();
  return (
    <WithNotification id={notificationId} title={t('inspect.title')}>
      {(dto) => <InspectCard title={t('inspect.title')} value={dto} onClose={() => close()} />}
    </WithNotification>
  );
}
