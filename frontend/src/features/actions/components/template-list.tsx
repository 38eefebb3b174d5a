import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { BellIcon } from '../../../ui/icons.tsx';
import { TemplateSearchList, templateSearchTexts } from '../../../ui/template-search-list.tsx';
import { templateSearchQueryOptions } from '../api/templates.ts';
import { useActionsNav } from '../hooks/use-actions-nav.ts';
import { withTab } from '../utils/action-tabs.ts';

/** Action templates: the kit's template search (term, 1000 ms debounce, token paging). */
export function TemplateList({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const { to, search } = useActionsNav();
  return (
    <TemplateSearchList
      queryOptions={(term, isAscending) => templateSearchQueryOptions(organization.id, term, isAscending)}
      texts={templateSearchTexts(t)}
      selected={selected}
      rowTo={(template) => to(orgPaths.actions, {}, withTab(search, 'templates', template.id))}
      icon={<BellIcon />}
      emptyAction={<ButtonLink to={to(orgPaths.actionTemplateCreate)}>{t('list.emptyTemplatesAction')}</ButtonLink>}
    />
  );
}
