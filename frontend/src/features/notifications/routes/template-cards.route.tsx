import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { ConfirmOnce } from '../../../ui/confirm-once.tsx';
import { InspectCard } from '../../../ui/inspect-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteTemplate } from '../api/templates.ts';
import { NotificationForm } from '../components/notification-form.tsx';
import { WithTemplate } from '../components/with-item.tsx';
import { useFormCard } from '../hooks/use-form-card.ts';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { emptyFormValues, templateFormValues } from '../utils/notification-form-model.ts';
import { selectedOf } from '../utils/notification-tabs.ts';

/** /notifications/template/create (the templates tab's add button). */
export function CreateTemplateRoute() {
  const { t } = useTranslation('notifications');
  const card = useFormCard();
  const [initial] = useState(() => emptyFormValues(new Date()));
  return <NotificationForm mode="template" cardTitle={t('form.templateCreateTitle')} initialValues={initial} {...card} />;
}

/** /notifications/template/copy/{id}: a new template with its content and recipients. */
export function CopyTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { templateId = '' } = useParams();
  const card = useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.templateCopyTitle')}>
      {(template) => (
        <NotificationForm key={template.id} mode="template" cardTitle={t('form.templateCopyTitle')} initialValues={templateFormValues(template, new Date())} {...card} />
      )}
    </WithTemplate>
  );
}

/** /notifications/template/edit/{id}. */
export function EditTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { templateId = '' } = useParams();
  const card = useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.templateEditTitle')}>
      {(template) => (
        <NotificationForm
          key={template.id}
          mode="template"
          cardTitle={t('form.templateEditTitle')}
          initialValues={templateFormValues(template, new Date())}
          targetId={template.id}
          {...card}
        />
      )}
    </WithTemplate>
  );
}

/** /notifications/template/inspect/{id}. */
export function InspectTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { templateId = '' } = useParams();
  const { close } = useNotificationsNav();
  return (
    <WithTemplate id={templateId} title={t('inspect.templateTitle')}>
      {(template) => <InspectCard title={t('inspect.templateTitle')} value={template} onClose={() => close()} />}
    </WithTemplate>
  );
}

/** /notifications/template/delete/{id}: confirm, then remove. */
export function DeleteTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { templateId = '' } = useParams();
  return (
    <WithTemplate id={templateId} title={t('confirm.deleteTemplateTitle')}>
      {(template) => <ConfirmTemplateDelete template={template} />}
    </WithTemplate>
  );
}

function ConfirmTemplateDelete({ template }: { template: NotificationTemplateDto }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const remove = useDeleteTemplate(organization.id);
  const { close } = useNotificationsNav();
  const { search } = useLocation();
  const toast = useToast();
  return (
    <ConfirmOnce
      title={t('confirm.deleteTemplateTitle')}
      message={t('confirm.deleteTemplateQuestion', { title: template.title })}
      label={t('confirm.delete')}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={async () => {
        await remove.mutateAsync(template.id);
        toast.show({ message: t('confirm.templateDeleted'), variation: 'success' });
        const selected = selectedOf(search);
        close({ tab: 'templates', selected: selected === template.id ? undefined : selected });
      }}
      onCancel={() => close()}
    />
  );
}
