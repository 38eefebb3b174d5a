import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../lib/organization-context.tsx';
import { useDeveloperMode } from '../../ui/developer-mode.tsx';
import { HelpTipsToggle } from '../../ui/help-tip.tsx';
import { MenuIcon, PresentationIcon } from '../../ui/icons.tsx';
import { isPageFaded } from '../../ui/page-fade.ts';
import { SideCardStackProvider } from '../../ui/side-card-stack.tsx';
import { useIsNarrow } from '../../ui/use-narrow.ts';
import { MenuPopup } from './menu-popup.tsx';
import { Sidebar } from './sidebar.tsx';
import { useCollapsedSidebar } from './use-collapsed-sidebar.ts';
import { presentationStyle, usePresentationMode } from './use-presentation-mode.ts';
import type { UserNames } from './user-initials.ts';
import './shell.css';

/**
 * The shell of spec 000 §2: sidebar (a popup menu up to 920px wide), header with the organisation's
 * name and the presentation and help-tip toggles, the page (faded under overlays), side-card layer.
 */
export function AppShell({ user, children }: { user: UserNames; children: ReactNode }) {
  const { t } = useTranslation('app');
  const { organization } = useOrganizationContext();
  const narrow = useIsNarrow();
  const [collapsed, toggleCollapsed] = useCollapsedSidebar();
  const presentation = usePresentationMode();
  const developerMode = useDeveloperMode();
  const location = useLocation();
  const [menuAt, setMenuAt] = useState<string>();
  // The popup belongs to the page it was opened on: following one of its links closes it.
  const menuOpen = narrow && menuAt === location.pathname;
  const faded = isPageFaded(location.pathname, location.search);

  const classes = ['shell', narrow ? 'shell--narrow' : '', !narrow && collapsed ? 'shell--collapsed' : ''];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-presentation={presentation.on || undefined}
      style={presentationStyle(presentation.on)}
    >
      <SideCardStackProvider>
        {narrow ? null : (
          <aside className="shell-sidebar">
            <Sidebar user={user} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
          </aside>
        )}
        <div className="shell-body">
          <header className="shell-header">
            {narrow ? (
              <button
                type="button"
                className="header-button"
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                onClick={() => setMenuAt(location.pathname)}
              >
                <MenuIcon />
                <span>{t('shell.menu')}</span>
              </button>
            ) : null}
            <h1 className="shell-header__title">{organization.name}</h1>
            {developerMode ? <span className="shell-header__badge">{t('shell.developerMode')}</span> : null}
            <div className="shell-header__tools">
              <button type="button" className="header-button" aria-pressed={presentation.on} onClick={presentation.toggle}>
                <PresentationIcon />
                <span className="header-button__label">{t('shell.presentationMode')}</span>
              </button>
              <HelpTipsToggle />
            </div>
          </header>
          <main className={faded ? 'shell-main shell-main--faded' : 'shell-main'} data-faded={faded ? 'true' : 'false'}>
            {children}
          </main>
        </div>
        {menuOpen ? (
          <MenuPopup onClose={() => setMenuAt(undefined)}>
            <Sidebar user={user} collapsed={false} />
          </MenuPopup>
        ) : null}
      </SideCardStackProvider>
    </div>
  );
}
