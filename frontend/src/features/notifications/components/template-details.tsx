import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { RecipientChips } from '../../../ui/recipient-chips.tsx';
import { templateQueryOptions } from '../api/templates.ts';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { recipientsOf } from '../utils/notification-form-model.ts';

/** A template's content and recipients with send, edit, copy, delete (and inspect in developer mode). */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const { to } = useNotificationsNav();
  const template = useQuery(templateQueryOptions(organization.id, templateId));
  const params = { templateId };
  return (
    <DetailsQuery query={template} loadingLabel={t('list.loading')} notFound={t('details.notFound')}>
      {({ notification, title }) => (
        <ItemDetails
          id={`template-${templateId}`}
          title={notification.content.title.text || title}
          message={notification.content.body.text}
          linksLabel={t('details.templateActionsLabel')}
          links={[
            { to: to(orgPaths.notificationSend, params), label: t('actions.send') },
            { to: to(orgPaths.notificationTemplateEdit, params), label: t('actions.edit') },
            { to: to(orgPaths.notificationTemplateCopy, params), label: t('actions.copy') },
            { to: to(orgPaths.notificationTemplateDelete, params), label: t('actions.delete') },
            { to: to(orgPaths.notificationTemplateInspect, params), label: t('actions.inspect'), developer: true },
          ]}
        >
          <dl className="item-details__facts">
            <dt>{t('details.recipients')}</dt>
            <dd>
              <RecipientChips recipients={recipientsOf(notification.recipient_groups)} />
            </dd>
          </dl>
        </ItemDetails>
      )}
    </DetailsQuery>
  );
}
