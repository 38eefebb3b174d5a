import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Select } from './select.tsx';
import { useIsNarrow } from './use-narrow.ts';
import './ui.css';

export interface RouteTab {
  to: string;
  label: string;
  /** Shown but not a link, as the sidebar shows a module switched off; `title` says why. */
  disabled?: boolean;
  title?: string;
}

function isTabActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The most specific tab containing the path: with tabs /users and /users/devices, the path
 * /users/devices/create belongs to the second, /users/42/edit to the first.
 */
export function activeTab<T extends { to: string }>(tabs: readonly T[], pathname: string): T | undefined {
  return tabs.filter((tab) => isTabActive(pathname, tab.to)).sort((a, b) => b.to.length - a.to.length)[0];
}

/** Tabs that are links to routes; on narrow screens a select mirrors them (spec 001 §2 settings). */
export function RouteTabs({ tabs, label }: { tabs: readonly RouteTab[]; label: string }) {
  const narrow = useIsNarrow();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = activeTab(tabs, pathname);

  if (narrow) {
    return (
      <nav aria-label={label} className="route-tabs">
        <Select
          fullWidth
          aria-label={label}
          value={active?.to ?? ''}
          onChange={(event) => void navigate({ pathname: event.target.value, search })}
        >
          {active ? null : <option value="" />}
          {tabs.map((tab) => (
            <option key={tab.to} value={tab.to} disabled={tab.disabled} title={tab.title}>
              {tab.label}
            </option>
          ))}
        </Select>
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="route-tabs">
      <ul className="route-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            {tab.disabled ? (
              <span role="link" aria-disabled="true" className="route-tabs__link route-tabs__link--disabled" title={tab.title}>
                {tab.label}
              </span>
            ) : (
              <Link
                to={{ pathname: tab.to, search }}
                className={tab === active ? 'route-tabs__link active' : 'route-tabs__link'}
                aria-current={tab === active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
