import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { templateQueryOptions } from '../api/templates.ts';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { ChecklistTitles } from './checklist-titles.tsx';
import { TaskFacts } from './task-facts.tsx';

/** A template's task; its header offers send, edit, copy and delete (and inspect in developer mode). */
export function TemplateDetails({ templateId }: { templateId: string }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const { to } = useTasksNav();
  const template = useQuery(templateQueryOptions(organization.id, templateId));
  const params = { templateId };
  return (
    <DetailsQuery query={template} loadingLabel={t('list.loading')} notFound={t('details.templateNotFound')}>
      {({ task, title }) => (
        <ItemDetails
          id={`template-${templateId}`}
          title={task.content.title.text || title}
          message={task.content.body.text}
          linksLabel={t('details.templateActionsLabel')}
          links={[
            { to: to(orgPaths.taskSend, params), label: t('actions.send') },
            { to: to(orgPaths.taskTemplateEdit, params), label: t('actions.edit') },
            { to: to(orgPaths.taskTemplateCopy, params), label: t('actions.copy') },
            { to: to(orgPaths.taskTemplateDelete, params), label: t('actions.delete') },
            { to: to(orgPaths.taskTemplateInspect, params), label: t('actions.inspect'), developer: true },
          ]}
        >
          <TaskFacts groups={task.recipient_groups} closure={task.config.closure_criteria} remindersEnabled={task.config.reminders_enabled} />
          <ChecklistTitles content={task.content} />
        </ItemDetails>
      )}
    </DetailsQuery>
  );
}
