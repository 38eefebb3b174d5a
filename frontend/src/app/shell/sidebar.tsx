import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { accessInputOf, useOrganizationContext, useOrgHref } from '../../lib/organization-context.tsx';
import { useOrganizationLogo } from '../../lib/organization-data/logo.ts';
import { pathWithinOrg } from '../../lib/paths.ts';
import {
  ActionIcon,
  BellIcon,
  BoltIcon,
  CalendarIcon,
  ChartIcon,
  CollapseIcon,
  DashboardIcon,
  DeviceIcon,
  ExpandIcon,
  HelpIcon,
  ProductLogo,
  SettingsIcon,
  TaskIcon,
  UsersIcon,
} from '../../ui/icons.tsx';
import { isLinkActive, sidebarEntries, type SidebarLink, type SidebarLinkKey } from './sidebar-entries.ts';
import { UserMenu } from './user-menu.tsx';
import type { UserNames } from './user-initials.ts';
import '../../ui/ui.css';

const ICONS: Record<SidebarLinkKey, () => ReactElement> = {
  dashboard: DashboardIcon,
  shift_planner: CalendarIcon,
  notifications: BellIcon,
  tasks: TaskIcon,
  actions: ActionIcon,
  automation: BoltIcon,
  reports: ChartIcon,
  users: UsersIcon,
  devices: DeviceIcon,
  settings: SettingsIcon,
  help: HelpIcon,
};

interface SidebarProps {
  user: UserNames;
  collapsed: boolean;
  /** Absent in the narrow menu popup, which is never collapsed. */
  onToggleCollapsed?: () => void;
}

/** Spec 000 §2: logo, organisation logo and name, the feature entries, setup, help, user initials. */
export function Sidebar({ user, collapsed, onToggleCollapsed }: SidebarProps) {
  const { t } = useTranslation('app');
  const context = useOrganizationContext();
  const { organization } = context;
  const entries = sidebarEntries(accessInputOf(context));
  const label = collapsed ? 'visually-hidden' : 'sidebar__label';

  return (
    <div className="sidebar">
      <div className="sidebar__top">
        <ProductLogo />
        <span className={label}>{t('title')}</span>
        {onToggleCollapsed ? (
          <button
            type="button"
            className="icon-button sidebar__collapse"
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
            title={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
            onClick={onToggleCollapsed}
          >
            {collapsed ? <ExpandIcon /> : <CollapseIcon />}
          </button>
        ) : null}
      </div>
      <div className="sidebar__org" title={organization.name}>
        <OrganizationLogo orgId={organization.id} name={organization.name} />
        <span className={label}>{organization.name}</span>
      </div>
      <nav aria-label={t('shell.navigation')} className="sidebar__nav">
        <ul className="sidebar__list link-list">
          {entries.map((entry) =>
            entry.kind === 'group' ? (
              <li key={entry.key} className="sidebar__group">
                <span className={collapsed ? 'visually-hidden' : 'sidebar__group-label'} id="sidebar-setup">
                  {t(`nav.${entry.key}`)}
                </span>
                <ul className="sidebar__list link-list" aria-labelledby="sidebar-setup">
                  {entry.children.map((child) => (
                    <SidebarItem key={child.key} entry={child} collapsed={collapsed} />
                  ))}
                </ul>
              </li>
            ) : (
              <SidebarItem key={entry.key} entry={entry} collapsed={collapsed} />
            ),
          )}
        </ul>
      </nav>
      <div className="sidebar__bottom">
        <UserMenu user={user} showName={!collapsed} />
      </div>
    </div>
  );
}

/** The uploaded logo (settings, decision 0019), else a badge with the initial; decorative beside the name. */
function OrganizationLogo({ orgId, name }: { orgId: string; name: string }) {
  const logo = useOrganizationLogo(orgId);
  if (logo.data) return <img className="org-badge org-badge--logo" src={logo.data} alt="" />;
  return (
    <span className="org-badge" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function SidebarItem({ entry, collapsed }: { entry: SidebarLink; collapsed: boolean }) {
  const { t } = useTranslation('app');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { pathname } = useLocation();
  const Icon = ICONS[entry.key];
  const text = t(`nav.${entry.key}`);
  const label = <span className={collapsed ? 'visually-hidden' : 'sidebar__label'}>{text}</span>;

  if (!entry.enabled) {
    return (
      <li>
        <span className="sidebar__link sidebar__link--disabled" aria-disabled="true" title={t('shell.disabledEntry')}>
          <Icon />
          {label}
        </span>
      </li>
    );
  }
  const active = isLinkActive(entry.route, pathWithinOrg(pathname, organization.id));
  return (
    <li>
      <Link
        to={orgHref(entry.route)}
        className={active ? 'sidebar__link active' : 'sidebar__link'}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? text : undefined}
      >
        <Icon />
        {label}
      </Link>
    </li>
  );
}
