import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { templateQueryOptions } from '../api/templates.ts';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { RecipientChips } from '../../../ui/recipient-chips.tsx';
import { recipientsOf } from '../utils/notification-form-model.ts';

/** A template's content and recipients with send, edit, copy, delete (and inspect in developer mode). */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const { to } = useNotificationsNav();
  const developerMode = useDeveloperMode();
  const template = useQuery(templateQueryOptions(organization.id, templateId));

  if (template.isPending) return <Loader aria-label={t('list.loading')} />;
  if (template.error instanceof ApiError && template.error.status < 500) return <Text>{t('details.notFound')}</Text>;
  if (template.isError) throw template.error;
  const { notification } = template.data;
  const params = { templateId };
  return (
    <article className="item-details" aria-labelledby={`template-${templateId}`}>
      <Heading level={3} id={`template-${templateId}`} fontSize="large">
        {notification.content.title.text || template.data.title}
      </Heading>
      {notification.content.body.text ? <Text className="item-details__message">{notification.content.body.text}</Text> : null}
      <nav aria-label={t('details.templateActionsLabel')} className="item-details__actions action-row">
        <ButtonLink variation="link" size="small" to={to(orgPaths.notificationSend, params)}>{t('actions.send')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.notificationTemplateEdit, params)}>{t('actions.edit')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.notificationTemplateCopy, params)}>{t('actions.copy')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.notificationTemplateDelete, params)}>{t('actions.delete')}</ButtonLink>
        {developerMode ? <ButtonLink variation="link" size="small" to={to(orgPaths.notificationTemplateInspect, params)}>{t('actions.inspect')}</ButtonLink> : null}
      </nav>
      <dl className="item-details__facts">
        <dt>{t('details.recipients')}</dt>
        <dd>
          <RecipientChips recipients={recipientsOf(notification.recipient_groups)} />
        </dd>
      </dl>
    </article>
  );
}
