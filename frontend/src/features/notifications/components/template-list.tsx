import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { BellIcon } from '../../../ui/icons.tsx';
import { TemplateSearchList, templateSearchTexts } from '../../../ui/template-search-list.tsx';
import { templateSearchQueryOptions } from '../api/templates.ts';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { withTab } from '../utils/notification-tabs.ts';

/** Templates: searched on the server (debounced 1000 ms), sorted by creation, token paging. */
export function TemplateList({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const { to, search } = useNotificationsNav();
  return (
    <TemplateSearchList
      queryOptions={(term, isAscending) => templateSearchQueryOptions(organization.id, term, isAscending)}
      texts={templateSearchTexts(t)}
      selected={selected}
      rowTo={(template) => to(orgPaths.notifications, {}, withTab(search, 'templates', template.id))}
      icon={<BellIcon />}
      emptyAction={<ButtonLink to={to(orgPaths.notificationTemplateCreate)}>{t('list.emptyTemplatesAction')}</ButtonLink>}
    />
  );
}
