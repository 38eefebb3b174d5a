import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { templateQueryOptions } from '../api/templates.ts';
import { useActionsNav } from '../hooks/use-actions-nav.ts';
import { ActionFacts } from './action-facts.tsx';

/** A template's action with send, send now, edit, copy, delete (and inspect in developer mode). */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const { to } = useActionsNav();
  const developerMode = useDeveloperMode();
  const template = useQuery(templateQueryOptions(organization.id, templateId));

  if (template.isPending) return <Loader aria-label={t('list.loading')} />;
  if (template.error instanceof ApiError && template.error.status < 500) return <Text>{t('details.templateNotFound')}</Text>;
  if (template.isError) throw template.error;
  const { action } = template.data;
  const params = { templateId };
  return (
    <article className="item-details" aria-labelledby={`template-${templateId}`}>
      <Heading level={3} id={`template-${templateId}`} fontSize="large">
        {action.content.title.text || template.data.title}
      </Heading>
      {action.content.body.text ? <Text className="item-details__message">{action.content.body.text}</Text> : null}
      <nav aria-label={t('details.templateActionsLabel')} className="item-details__actions action-row">
        <ButtonLink variation="link" size="small" to={to(orgPaths.actionSend, params)}>{t('actions.send')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.actionTemplateSend, params)}>{t('actions.sendNow')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.actionTemplateEdit, params)}>{t('actions.edit')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.actionTemplateCopy, params)}>{t('actions.copy')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.actionTemplateDelete, params)}>{t('actions.delete')}</ButtonLink>
        {developerMode ? <ButtonLink variation="link" size="small" to={to(orgPaths.actionTemplateInspect, params)}>{t('actions.inspect')}</ButtonLink> : null}
      </nav>
      <ActionFacts groups={action.recipient_groups} config={action.config} />
    </article>
  );
}
