import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { accessInputOf, useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { activeTab, RouteTabs } from '../../../ui/route-tabs.tsx';
import { allSettingsTabs, maySettingsTab, settingsLandingRoute, settingsTabs, type SettingsTab } from '../utils/settings-tabs.ts';

/** The modules' own tabs (the app's, `ModuleTabs` of settings.routes.tsx). */
interface ModuleTabsProps {
  moduleTabs: readonly SettingsTab[];
}

/** /settings: tab links and, on narrow screens, a dropdown mirroring them (spec 001 §2). */
export function SettingsLayoutRoute({ moduleTabs }: ModuleTabsProps) {
  const { t } = useTranslation('settings');
  const context = useOrganizationContext();
  const orgHref = useOrgHref();
  const { pathname } = useLocation();
  const input = accessInputOf(context);
  const tabs = settingsTabs(input, moduleTabs).map((tab) => ({
    to: orgHref(tab.route),
    label: t(`tabs.${tab.key}`),
    disabled: !tab.enabled,
    // The sidebar's words for a module switched off (decision 0048).
    title: tab.enabled ? undefined : t('shell.disabledEntry', { ns: 'app' }),
  }));
  // A tab the person may not open (general for a non-superadmin, a module switched off) is not
  // rendered at all: its reads would be refused.
  const opened = activeTab(
    allSettingsTabs(moduleTabs).map((tab) => ({ key: tab.key, to: orgHref(tab.route) })),
    pathname,
  );
  return (
    <div>
      <PageHeader title={t('title')} />
      <RouteTabs tabs={tabs} label={t('sections')} />
      {opened && !maySettingsTab(opened.key, input, moduleTabs) ? <SettingsLandingRedirect moduleTabs={moduleTabs} /> : <Outlet />}
    </div>
  );
}

/** /settings itself, an unknown tab, or a tab the person may not open: to the first one they may. */
export function SettingsLandingRedirect({ moduleTabs }: ModuleTabsProps) {
  const context = useOrganizationContext();
  return <RedirectTo route={settingsLandingRoute(accessInputOf(context), moduleTabs)} />;
}
