import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RouteTabs } from '../../../ui/route-tabs.tsx';

/** The knowledge centre: FAQ, user guide and contact us as tabs. */
export function HelpLayoutRoute() {
  const { t } = useTranslation('help');
  const orgHref = useOrgHref();
  const tabs = [
    { to: orgHref(orgPaths.helpFaq), label: t('tabs.faq') },
    { to: orgHref(orgPaths.helpUserGuide), label: t('tabs.userGuide') },
    { to: orgHref(orgPaths.helpContactUs), label: t('tabs.contactUs') },
  ];
  return (
    <div className="help">
      <PageHeader title={t('title')} />
      <RouteTabs tabs={tabs} label={t('sections')} />
      <Outlet />
    </div>
  );
}
