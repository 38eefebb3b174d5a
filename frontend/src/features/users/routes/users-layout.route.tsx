import { Outlet, useLocation } from 'react-router-dom';
import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths, pathWithinOrg } from '../../../lib/paths.ts';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RouteTabs } from '../../../ui/route-tabs.tsx';
import { useSearchFilter } from '../hooks/use-search-filter.ts';
import { USERS_VIEWS, VIEW_ROUTES, usersViewOf } from '../utils/users-view.ts';
import '../users.css';

/** /users: title, the debounced header search (`filter`), the add button and the four tabs. */
export function UsersLayoutRoute() {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { pathname, search } = useLocation();
  const view = usersViewOf(pathWithinOrg(pathname, organization.id));
  const routes = VIEW_ROUTES[view];
  const { text, setText } = useSearchFilter();
  const tabs = USERS_VIEWS.map((key) => ({ to: orgHref(VIEW_ROUTES[key].list), label: t(`tabs.${key}`) }));

  const actions = (
    <>
      <TextField
        className="users-header__search"
        label={t('search.label')}
        labelHidden
        type="search"
        placeholder={t('search.placeholder')}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {routes.add && routes.create ? (
        <ButtonLink variation="primary" to={{ pathname: orgHref(routes.create), search }}>
          {t(`actions.${routes.add}`)}
        </ButtonLink>
      ) : null}
    </>
  );
  return (
    <div className="users">
      <PageHeader title={t('title')} actions={actions} />
      <RouteTabs tabs={tabs} label={t('sections')} />
      <Outlet />
    </div>
  );
}

/** An unknown path under /users goes to the Users tab, keeping the query. */
export const UsersRedirect = () => <RedirectTo route={orgPaths.users} />;
