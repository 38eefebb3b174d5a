import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths, pathWithinOrg } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { RouteTabs } from '../../../ui/route-tabs.tsx';
import '../automation.css';

/** /automation (spec 001 §2): the title, the tab's add button, and the tabs Triggers and Trigger groups. */
export function AutomationLayoutRoute() {
  const { t } = useTranslation('automation');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { pathname, search } = useLocation();
  const groups = pathWithinOrg(pathname, organization.id).startsWith(orgPaths.automationTriggerGroups);
  const tabs = [
    { to: orgHref(orgPaths.automationTriggers), label: t('tabs.triggers') },
    { to: orgHref(orgPaths.automationTriggerGroups), label: t('tabs.groups') },
  ];
  return (
    <div className="automation">
      <PageHeader
        title={t('title')}
        actions={
          <ButtonLink variation="primary" to={{ pathname: orgHref(groups ? orgPaths.automationTriggerGroupsCreate : orgPaths.automationTriggersCreate), search }}>
            {t(groups ? 'groups.addGroup' : 'triggers.add')}
          </ButtonLink>
        }
      />
      <RouteTabs tabs={tabs} label={t('sections')} />
      <Outlet />
    </div>
  );
}

/** /automation and any unknown path under it go to the triggers (an absolute target: a relative one looped). */
export const AutomationRedirect = () => <RedirectTo route={orgPaths.automationTriggers} />;

/** An unknown path under /automation/trigger-groups goes to the groups. */
export const TriggerGroupsRedirect = () => <RedirectTo route={orgPaths.automationTriggerGroups} />;
