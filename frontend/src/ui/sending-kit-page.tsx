import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button-link.tsx';
import { EmptyState } from './empty-state.tsx';
import { MasterDetail } from './master-detail.tsx';
import { PageHeader } from './page-header.tsx';
import { PageLoader } from './page-loader.tsx';
import { QueryTabList } from './query-tab-list.tsx';
import type { SendingKit } from './sending-kit.ts';
import { useIsNarrow } from './use-narrow.ts';
import './list-pane.css';

/** The templates tab loads on first use: a sending page opens on its items (issue 12). */
const TemplateList = lazy(async () => ({ default: (await import('./sending-kit-panes.tsx')).TemplateList }));

interface SendingPageProps {
  kit: SendingKit;
  /** The tab shown (of the query). */
  tab: string;
  /** The tabs this person sees (default: all the kit's); named `tabsLabel`, each `tabs.<tab>`. */
  tabs?: readonly string[];
  /** The add button's route on the item tabs (orgPaths.tasksCreate); none: no add button. */
  create?: string;
  /** The list of an item tab (not templates). */
  master: ReactNode;
  /** The details pane of a selected item (not a template). */
  detail: (selected: string) => ReactNode;
  /** The module's template details pane, loaded on first use (lazy). */
  TemplateDetails: ComponentType<{ templateId: string }>;
  /** The empty pane's text on an item tab ('details.nothingSelected'). */
  nothingKey: string;
}

/**
 * A sending module's list page (issue 29): the header with its add button, the tabs in the query
 * (ids `<namespace>-tab-<tab>`, controlling `<namespace>-panel`), the list and
 * the details pane; overlays render in the outlet as side cards. The templates tab is the kit's.
 */
export function SendingPage({ kit, tab, tabs = kit.tabs, create, master, detail, TemplateDetails, nothingKey }: SendingPageProps) {
  const { t } = useTranslation(kit.namespace);
  const { search } = useLocation();
  const navigate = useNavigate();
  const { to } = kit.useNav();
  const narrow = useIsNarrow();
  const selected = kit.selectedOf(search);
  const templates = tab === 'templates';
  const id = kit.namespace;

  const list = templates ? (
    <Suspense fallback={<PageLoader />}>
      <TemplateList kit={kit} selected={selected} />
    </Suspense>
  ) : (
    master
  );
  const pane = selected ? <Suspense fallback={<PageLoader />}>{templates ? <TemplateDetails key={selected} templateId={selected} /> : detail(selected)}</Suspense> : null;

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          create ? (
            <ButtonLink variation="primary" to={to(templates ? kit.templatePaths.create : create)}>
              {t(templates ? 'actions.createTemplate' : 'actions.create')}
            </ButtonLink>
          ) : undefined
        }
      />
      <QueryTabList tabs={tabs} active={tab} search={search} label={t('tabsLabel')} labelOf={(name) => t(`tabs.${name}`)} idPrefix={id} />
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        <MasterDetail
          master={list}
          // Narrow screens show details as an overlay: only once something is chosen.
          detail={pane ?? (narrow ? null : <EmptyState compact title={t(templates ? 'details.nothingSelectedTemplate' : nothingKey)} />)}
          detailLabel={t('details.label')}
          onCloseDetail={() => void navigate({ search: kit.withTab(search, tab) })}
        />
      </div>
      <Outlet />
    </div>
  );
}
