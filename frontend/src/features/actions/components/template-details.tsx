import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { templateQueryOptions } from '../api/templates.ts';
import { useActionsNav } from '../hooks/use-actions-nav.ts';
import { ActionFacts } from './action-facts.tsx';

/** A template's action with send, send now, edit, copy, delete (and inspect in developer mode). */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const { to } = useActionsNav();
  const template = useQuery(templateQueryOptions(organization.id, templateId));
  const params = { templateId };
  return (
    <DetailsQuery query={template} loadingLabel={t('list.loading')} notFound={t('details.templateNotFound')}>
      {({ action, title }) => (
        <ItemDetails
          id={`template-${templateId}`}
          title={action.content.title.text || title}
          message={action.content.body.text}
          linksLabel={t('details.templateActionsLabel')}
          links={[
            { to: to(orgPaths.actionSend, params), label: t('actions.send') },
            { to: to(orgPaths.actionTemplateSend, params), label: t('actions.sendNow') },
            { to: to(orgPaths.actionTemplateEdit, params), label: t('actions.edit') },
            { to: to(orgPaths.actionTemplateCopy, params), label: t('actions.copy') },
            { to: to(orgPaths.actionTemplateDelete, params), label: t('actions.delete') },
            { to: to(orgPaths.actionTemplateInspect, params), label: t('actions.inspect'), developer: true },
          ]}
        >
          <ActionFacts groups={action.recipient_groups} config={action.config} />
        </ItemDetails>
      )}
    </DetailsQuery>
  );
}
