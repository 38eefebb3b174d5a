import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrgHref } from '../../lib/organization-context.tsx';
import { orgPaths } from '../../lib/paths.ts';
import { LaterRelease } from '../../ui/later-release.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { RouteTabs } from '../../ui/route-tabs.tsx';

/**
 * /automation/triggers and /automation/trigger-groups (spec 001 §2): the module whose screens arrive
 * with a later issue. Its routes exist (flags, roles and links work today) and say honestly that its
 * screens are still to come. Loaded lazily like every page.
 */
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
