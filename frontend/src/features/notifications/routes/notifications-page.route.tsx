import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MasterDetail } from '../../../ui/master-detail.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useIsNarrow } from '../../../ui/use-narrow.ts';
import { NotificationList } from '../components/notification-list.tsx';
import { NotificationTabs } from '../components/notification-tab-list.tsx';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { selectedOf, tabOf, withTab } from '../utils/notification-tabs.ts';
import '../../../ui/list-pane.css';

/**
 * The templates tab loads on first use: /notifications opens on the notifications tab (issue 12).
 * So do the details pane and what it shows (status table, recipient chips, send times): the page
 * opens with nothing selected.
 */
const NotificationDetails = lazy(async () => ({ default: (await import('../components/notification-details.tsx')).NotificationDetails }));
const TemplateList = lazy(async () => ({ default: (await import('../components/template-list.tsx')).TemplateList }));
const TemplateDetails = lazy(async () => ({ default: (await import('../components/template-details.tsx')).TemplateDetails }));

/** /notifications: tabs, the list and the details pane; overlays render in the outlet as side cards. */
export function NotificationsPageRoute() {
  const { t } = useTranslation('notifications');
  const { search } = useLocation();
  const navigate = useNavigate();
  const { to } = useNotificationsNav();
  const narrow = useIsNarrow();
  const tab = tabOf(search);
  const selected = selectedOf(search);

  const master =
    tab === 'templates' ? (
      <Suspense fallback={<PageLoader />}>
        <TemplateList selected={selected} />
      </Suspense>
    ) : (
      <NotificationList key={tab} tab={tab} selected={selected} />
    );
  const detail = selected ? (
    tab === 'templates' ? (
      <Suspense fallback={<PageLoader />}>
        <TemplateDetails key={selected} templateId={selected} />
      </Suspense>
    ) : (
      <Suspense fallback={<PageLoader />}>
        <NotificationDetails key={selected} notificationId={selected} />
      </Suspense>
    )
  ) : null;
  const create = tab === 'templates' ? orgPaths.notificationTemplateCreate : orgPaths.notificationsCreate;

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <ButtonLink variation="primary" to={to(create)}>
            {t(tab === 'templates' ? 'actions.createTemplate' : 'actions.create')}
          </ButtonLink>
        }
      />
      <NotificationTabs active={tab} search={search} />
      <div role="tabpanel" id="notifications-panel" aria-labelledby={`notifications-tab-${tab}`}>
        <MasterDetail
          master={master}
          // Narrow screens show details as an overlay: only once something is chosen.
          detail={detail ?? (narrow ? null : <EmptyState compact title={t(tab === 'templates' ? 'details.nothingSelectedTemplate' : 'details.nothingSelected')} />)}
          detailLabel={t('details.label')}
          onCloseDetail={() => void navigate({ search: withTab(search, tab) })}
        />
      </div>
      <Outlet />
    </div>
  );
}

/** Any other path under /notifications goes to the list. */
export const NotificationsRedirect = () => <RedirectTo route={orgPaths.notifications} />;
