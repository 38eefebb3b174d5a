import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useIsNarrow } from '../../../ui/use-narrow.ts';

export interface UsersTab {
  key: string;
  to: string;
  label: string;
}

/**
 * The four tabs of /users. Every tab lives under /users, so the active one is the current view
 * (not a path prefix, which would make Users active everywhere); narrow screens get a select.
 */
export function UsersTabs({ tabs, active, label }: { tabs: readonly UsersTab[]; active: string; label: string }) {
  const narrow = useIsNarrow();
  const { search } = useLocation();
  const navigate = useNavigate();
  const current = tabs.find((tab) => tab.key === active);

  if (narrow) {
    return (
      <nav aria-label={label} className="route-tabs">
        <select
          className="route-tabs__select"
          aria-label={label}
          value={current?.to ?? ''}
          onChange={(event) => void navigate({ pathname: event.target.value, search })}
        >
          {tabs.map((tab) => (
            <option key={tab.key} value={tab.to}>
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
          <li key={tab.key}>
            <Link
              to={{ pathname: tab.to, search }}
              className={tab.key === active ? 'route-tabs__link active' : 'route-tabs__link'}
              aria-current={tab.key === active ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
