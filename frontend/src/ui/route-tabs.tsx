import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useIsNarrow } from './use-narrow.ts';
import './ui.css';

export interface RouteTab {
  to: string;
  label: string;
}

function isTabActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Tabs that are links to routes; on narrow screens a select mirrors them (spec 001 §2 settings). */
export function RouteTabs({ tabs, label }: { tabs: readonly RouteTab[]; label: string }) {
  const narrow = useIsNarrow();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = tabs.find((tab) => isTabActive(pathname, tab.to));

  if (narrow) {
    return (
      <nav aria-label={label} className="route-tabs">
        <select
          className="route-tabs__select"
          aria-label={label}
          value={active?.to ?? ''}
          onChange={(event) => void navigate({ pathname: event.target.value, search })}
        >
          {active ? null : <option value="" />}
          {tabs.map((tab) => (
            <option key={tab.to} value={tab.to}>
              {tab.label}
            </option>
          ))}
        </select>
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="route-tabs">
      <ul className="route-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={{ pathname: tab.to, search }} className="route-tabs__link">
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
