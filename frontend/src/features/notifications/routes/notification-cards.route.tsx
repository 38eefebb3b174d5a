import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@portal/shared/notifications/notification.schema';
import { orgPaths } from '../../../lib/paths.ts';
import { NotificationForm } from '../components/notification-form.tsx';
import { copyFormValues, emptyFormValues, seriesFormValues, templateFormValues, toFormValues } from '../utils/notification-form-model.ts';
import { editModeOf } from '../utils/select-route.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { EditRecurringOverlay, EditRecurringRemoteOverlay, kitLoaders } from '../../../ui/sending-kit-overlays.tsx';
import { notificationsKit } from '../utils/notifications-kit.ts';

const { WithItem: WithNotification, WithTemplate } = kitLoaders(notificationsKit);

/** /notifications/create. */
export function CreateNotificationRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const card = notificationsKit.useFormCard();
  const [initial] = useState(() => emptyFormValues(new Date(), timeZone));
  return <NotificationForm mode="create" cardTitle={t('form.createTitle')} initialValues={initial} {...card} />;
}

/** /notifications/send/{templateId}: a new notification from a template. */
export function SendFromTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = notificationsKit.useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.sendTitle')}>
      {(template) => (
        <NotificationForm
          key={template.id}
          mode="create"
          cardTitle={t('form.sendTitle')}
          initialValues={templateFormValues(template, new Date(), timeZone)}
          templateId={template.id}
          {...card}
        />
      )}
    </WithTemplate>
  );
}

/** /notifications/copy/{id}: a new one with its content; a past send time is cleared. */
export function CopyNotificationRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const { notificationId = '' } = useParams();
  const card = notificationsKit.useFormCard();
  return (
    <WithNotification id={notificationId} title={t('form.copyTitle')}>
      {(dto) => <NotificationForm key={dto.id} mode="create" cardTitle={t('form.copyTitle')} initialValues={copyFormValues(dto, new Date(), timeZone)} {...card} />}
    </WithNotification>
  );
}

/** /notifications/edit/{id}: scheduled ones fully, sent ones content-only; a root goes to edit-recurring. */
export function EditNotificationRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const { notificationId = '' } = useParams();
  const { to } = notificationsKit.useNav();
  const card = notificationsKit.useFormCard();
  return (
    <WithNotification id={notificationId} title={t('form.editTitle')}>
      {(dto) => {
        const now = new Date();
        const mode = editModeOf(dto);
        if (mode === 'recurring') return <Navigate to={to(orgPaths.notificationEditRecurring, { notificationId: dto.id })} replace />;
        const title = t(mode === 'sent' ? 'form.editSentTitle' : 'form.editTitle');
        return <NotificationForm key={dto.id} mode={mode} cardTitle={title} initialValues={toFormValues(dto, now, timeZone)} targetId={dto.id} {...card} />;
      }}
    </WithNotification>
  );
}

/** The series form of a root (all occurrences). */
function SeriesForm({ root }: { root: NotificationDto }) {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const card = notificationsKit.useFormCard();
  return (
    <NotificationForm
      key={root.id}
      mode="recurring"
      cardTitle={t('form.editRecurringTitle')}
      initialValues={seriesFormValues(root, new Date(), timeZone)}
      targetId={root.id}
      {...card}
    />
  );
}

const seriesForm = (root: NotificationDto) => <SeriesForm root={root} />;

/** /notifications/edit-recurring/{rootId}: a child's id is sent on to edit-recurring-remote. */
export const EditRecurringRoute = () => <EditRecurringOverlay kit={notificationsKit} form={seriesForm} />;

/** /notifications/edit-recurring-remote/{childId}: fetches the child's root, then edits it. */
export const EditRecurringRemoteRoute = () => <EditRecurringRemoteOverlay kit={notificationsKit} form={seriesForm} />;

/** /notifications/template/create (the templates tab's add button). */
export function CreateTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const card = notificationsKit.useFormCard();
  const [initial] = useState(() => emptyFormValues(new Date(), timeZone));
  return <NotificationForm mode="template" cardTitle={t('form.templateCreateTitle')} initialValues={initial} {...card} />;
}

/** /notifications/template/copy/{id}: a new template with its content and recipients. */
export function CopyTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = notificationsKit.useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.templateCopyTitle')}>
      {(template) => (
        <NotificationForm key={template.id} mode="template" cardTitle={t('form.templateCopyTitle')} initialValues={templateFormValues(template, new Date(), timeZone)} {...card} />
      )}
    </WithTemplate>
  );
}

/** /notifications/template/edit/{id}. */
export function EditTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = notificationsKit.useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.templateEditTitle')}>
      {(template) => (
        <NotificationForm
          key={template.id}
          mode="template"
          cardTitle={t('form.templateEditTitle')}
          initialValues={templateFormValues(template, new Date(), timeZone)}
          targetId={template.id}
          {...card}
        />
      )}
    </WithTemplate>
  );
}
