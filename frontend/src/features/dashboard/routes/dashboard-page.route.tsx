import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { RouteTabs } from '../../../ui/route-tabs.tsx';
import { ActionsPanel } from '../components/actions-panel.tsx';
import { CustomDashboard } from '../components/custom-dashboard.tsx';
import { TasksPanel } from '../components/tasks-panel.tsx';
import { enabledVariants, variantTabs, type DashboardVariant } from '../utils/dashboard-variants.ts';
import '../dashboard.css';

const useEnabledVariants = () => enabledVariants(useOrganizationContext().dashboards);

/** /dashboard: the title, the tabs when more than one dashboard is enabled, and the variant shown. */
export function DashboardPageRoute() {
  const { t } = useTranslation('dashboard');
  const orgHref = useOrgHref();
  const tabs = variantTabs(useEnabledVariants()).map((tab) => ({ to: orgHref(tab.to), label: t(`variants.${tab.variant}`) }));
  return (
    <div className="dashboard">
      <PageHeader title={t('title')} />
      {tabs.length ? <RouteTabs tabs={tabs} label={t('variantsLabel')} /> : null}
      <Outlet />
    </div>
  );
}

function Variant({ variant }: { variant: DashboardVariant }) {
  if (variant === 'tasks') return <TasksPanel />;
  if (variant === 'actions') return <ActionsPanel />;
  return <CustomDashboard />;
}

/** A variant's own path shows it while it is enabled; a disabled one's goes to /dashboard (the first enabled). */
function Gate({ variant, children }: { variant: DashboardVariant; children: ReactNode }) {
  return useEnabledVariants().includes(variant) ? <>{children}</> : <RedirectTo route={orgPaths.dashboard} />;
}

/** /dashboard itself: the first enabled dashboard (the area's gate lets nobody here without one). */
export function DashboardHomeRoute() {
  const first = useEnabledVariants()[0];
  return first ? <Variant variant={first} /> : null;
}

export const TasksDashboardRoute = () => (
  <Gate variant="tasks">
    <TasksPanel />
  </Gate>
);

export const ActionsDashboardRoute = () => (
  <Gate variant="actions">
    <ActionsPanel />
  </Gate>
);

/** /dashboard/custom, and the "Edit panels" card over it. */
export const CustomDashboardRoute = () => (
  <Gate variant="custom">
    <CustomDashboard />
    <Outlet />
  </Gate>
);

/** Any other path under /dashboard shows the dashboard; under /dashboard/custom, the custom one. */
export const DashboardRedirect = () => <RedirectTo route={orgPaths.dashboard} />;
export const CustomRedirect = () => <RedirectTo route={orgPaths.dashboardCustom} />;
