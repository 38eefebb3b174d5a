import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { InspectOverlay } from '../../../ui/inspect-overlay.tsx';
import { DeleteTemplateOverlay } from '../../../ui/template-delete-overlay.tsx';
import { useDeleteTemplate } from '../api/templates.ts';
import { NotificationForm } from '../components/notification-form.tsx';
import { NOTIFICATION_OVERLAYS, WithTemplate } from '../components/with-item.tsx';
import { useFormCard } from '../hooks/use-form-card.ts';
import { emptyFormValues, templateFormValues } from '../utils/notification-form-model.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';

/** /notifications/template/create (the templates tab's add button). */
export function CreateTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const card = useFormCard();
  const [initial] = useState(() => emptyFormValues(new Date(), timeZone));
  return <NotificationForm mode="template" cardTitle={t('form.templateCreateTitle')} initialValues={initial} {...card} />;
}

/** /notifications/template/copy/{id}: a new template with its content and recipients. */
export function CopyTemplateRoute() {
  const { t } = useTranslation('notifications');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = useFormCard();
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
  const card = useFormCard();
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

/** /notifications/template/inspect/{id}. */
export function InspectTemplateRoute() {
  return <InspectOverlay overlays={NOTIFICATION_OVERLAYS} With={WithTemplate} param="templateId" titleKey="inspect.templateTitle" />;
}

/** /notifications/template/delete/{id}: confirm, then remove. */
export function DeleteTemplateRoute() {
  const { organization } = useOrganizationContext();
  const remove = useDeleteTemplate(organization.id);
  return <DeleteTemplateOverlay overlays={NOTIFICATION_OVERLAYS} With={WithTemplate} remove={remove.mutateAsync} />;
}
