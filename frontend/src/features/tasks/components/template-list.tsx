import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { TaskIcon } from '../../../ui/icons.tsx';
import { TemplateSearchList, templateSearchTexts } from '../../../ui/template-search-list.tsx';
import { templateSearchQueryOptions } from '../api/templates.ts';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { withTab } from '../utils/task-tabs.ts';

/** Task templates: the kit's template search (term, 1000 ms debounce, token paging). */
export function TemplateList({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const { to, search } = useTasksNav();
  return (
    <TemplateSearchList
      queryOptions={(term, isAscending) => templateSearchQueryOptions(organization.id, term, isAscending)}
      texts={templateSearchTexts(t)}
      selected={selected}
      rowTo={(template) => to(orgPaths.tasks, {}, withTab(search, 'templates', template.id))}
      icon={<TaskIcon />}
      emptyAction={<ButtonLink to={to(orgPaths.taskTemplateCreate)}>{t('list.emptyTemplatesAction')}</ButtonLink>}
    />
  );
}
