import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RouteTabs } from '../../../ui/route-tabs.tsx';
import { settingsLandingRoute, visibleSettingsTabs } from '../utils/settings-tabs.ts';

/** /settings: tab links and, on narrow screens, a dropdown mirroring them (spec 001 §2). */
export function SettingsLayoutRoute() {
  const { t } = useTranslation('settings');
  const { roles } = useOrganizationContext();
  const orgHref = useOrgHref();
  const tabs = visibleSettingsTabs(roles).map((tab) => ({ to: orgHref(tab.route), label: t(`tabs.${tab.key}`) }));
  return (
    <div>
      <PageHeader title={t('title')} />
      <RouteTabs tabs={tabs} label={t('sections')} />
      <Outlet />
    </div>
  );
}

/** /settings itself, an unknown tab, or general for a non-superadmin: to the user's first tab. */
export function SettingsLandingRedirect() {
  const { roles } = useOrganizationContext();
  return <RedirectTo route={settingsLandingRoute(roles)} />;
}
