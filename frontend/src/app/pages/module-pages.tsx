import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrgHref } from '../../lib/organization-context.tsx';
import { orgPaths } from '../../lib/paths.ts';
import { LaterRelease } from '../../ui/later-release.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { RouteTabs } from '../../ui/route-tabs.tsx';

/**
 * The modules whose screens arrive with later issues: each route exists (flags, roles and links
 * work today) and says honestly that its screens are still to come. Loaded lazily like every page.
 */
function Module({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('app');
  return <LaterRelease title={t(titleKey)} />;
}

export const DashboardPage = () => <Module titleKey="nav.dashboard" />;

/** /automation/triggers and /automation/trigger-groups (spec 001 §2). */
export function AutomationLayout() {
  const { t } = useTranslation('app');
  const orgHref = useOrgHref();
  const tabs = [
    { to: orgHref(orgPaths.automationTriggers), label: t('automation.triggers') },
    { to: orgHref(orgPaths.automationTriggerGroups), label: t('automation.triggerGroups') },
  ];
  return (
    <div>
      <PageHeader title={t('nav.automation')} />
      <RouteTabs tabs={tabs} label={t('automation.sections')} />
      <Outlet />
    </div>
  );
}

export const AutomationTabPage = () => <LaterRelease title="" showTitle={false} />;
