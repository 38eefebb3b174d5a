import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MasterDetail } from '../../../ui/master-detail.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryTabList } from '../../../ui/query-tab-list.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { useIsNarrow } from '../../../ui/use-narrow.ts';
import { ActionList } from '../components/action-list.tsx';
import { useActionsNav } from '../hooks/use-actions-nav.ts';
import { ACTION_TABS, selectedOf, tabOf, withTab } from '../utils/action-tabs.ts';
import '../../../ui/list-pane.css';
import '../actions.css';

/** The details pane (a table) loads once an action is chosen, the templates tab on first use: /actions opens on the sent list. */
const ActionDetails = lazy(async () => ({ default: (await import('../components/action-details.tsx')).ActionDetails }));
const TemplateList = lazy(async () => ({ default: (await import('../components/template-list.tsx')).TemplateList }));
const TemplateDetails = lazy(async () => ({ default: (await import('../components/template-details.tsx')).TemplateDetails }));

/** /actions: tabs sent and templates, the list and the details pane; overlays render in the outlet as side cards. */
export function ActionsPageRoute() {
  const { t } = useTranslation('actions');
  const { search } = useLocation();
  const navigate = useNavigate();
  const { to } = useActionsNav();
  const narrow = useIsNarrow();
  const tab = tabOf(search);
  const selected = selectedOf(search);
  const templates = tab === 'templates';

  const master = templates ? (
    <Suspense fallback={<PageLoader />}>
      <TemplateList selected={selected} />
    </Suspense>
  ) : (
    <ActionList selected={selected} />
  );
  const detail = selected ? (
    templates ? (
      <Suspense fallback={<PageLoader />}>
        <TemplateDetails key={selected} templateId={selected} />
      </Suspense>
    ) : (
      <Suspense fallback={<PageLoader />}>
        <ActionDetails key={selected} actionId={selected} />
      </Suspense>
    )
  ) : null;

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <ButtonLink variation="primary" to={to(templates ? orgPaths.actionTemplateCreate : orgPaths.actionsCreate)}>
            {t(templates ? 'actions.createTemplate' : 'actions.create')}
          </ButtonLink>
        }
      />
      <QueryTabList tabs={ACTION_TABS} active={tab} search={search} label={t('tabsLabel')} labelOf={(name) => t(`tabs.${name}`)} idPrefix="actions" />
      <div role="tabpanel" id="actions-panel" aria-labelledby={`actions-tab-${tab}`}>
        <MasterDetail
          master={master}
          // Narrow screens show details as an overlay: only once something is chosen.
          detail={detail ?? (narrow ? null : <EmptyState compact title={t(templates ? 'details.nothingSelectedTemplate' : 'details.nothingSelected')} />)}
          detailLabel={t('details.label')}
          onCloseDetail={() => void navigate({ search: withTab(search, tab) })}
        />
      </div>
      <Outlet />
    </div>
  );
}

/** Any other path under /actions goes to the list. */
export const ActionsRedirect = () => <RedirectTo route={orgPaths.actions} />;
