import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { templateQueryOptions } from '../api/templates.ts';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { liveChecklist } from '../utils/task-view.ts';
import { TaskFacts } from './task-facts.tsx';

/** A template's task; its header offers send, edit, copy and delete (and inspect in developer mode). */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const { to } = useTasksNav();
  const developerMode = useDeveloperMode();
  const template = useQuery(templateQueryOptions(organization.id, templateId));

  if (template.isPending) return <Loader aria-label={t('list.loading')} />;
  if (template.error instanceof ApiError && template.error.status < 500) return <Text>{t('details.templateNotFound')}</Text>;
  if (template.isError) throw template.error;
  const { task } = template.data;
  const params = { templateId };
  const checklist = liveChecklist(task.content);
  return (
    <article className="item-details" aria-labelledby={`template-${templateId}`}>
      <Heading level={3} id={`template-${templateId}`} fontSize="large">
        {task.content.title.text || template.data.title}
      </Heading>
      {task.content.body.text ? <Text className="item-details__message">{task.content.body.text}</Text> : null}
      <nav aria-label={t('details.templateActionsLabel')} className="item-details__actions action-row">
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskSend, params)}>{t('actions.send')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskTemplateEdit, params)}>{t('actions.edit')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskTemplateCopy, params)}>{t('actions.copy')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskTemplateDelete, params)}>{t('actions.delete')}</ButtonLink>
        {developerMode ? <ButtonLink variation="link" size="small" to={to(orgPaths.taskTemplateInspect, params)}>{t('actions.inspect')}</ButtonLink> : null}
      </nav>
      <TaskFacts groups={task.recipient_groups} closure={task.config.closure_criteria} remindersEnabled={task.config.reminders_enabled} />
      {checklist.length ? (
        <section aria-label={t('checklist.label')}>
          <ul className="task-checklist__items">
            {checklist.map((item) => (
              <li key={item.id}>{item.title.text}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
