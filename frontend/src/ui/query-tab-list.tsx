import { useNavigate } from 'react-router-dom';
import { withTab } from './query-tabs.ts';
import './list-pane.css';

interface QueryTabListProps<T extends string> {
  tabs: readonly T[];
  active: T;
  search: string;
  /** The tablist's accessible name. */
  label: string;
  labelOf: (tab: T) => string;
  /** Ids: `${idPrefix}-tab-${tab}` for each tab, `${idPrefix}-panel` for the panel it controls. */
  idPrefix: string;
}

/** A list page's tabs kept in the query (query-tabs.ts), so overlays keep them; arrow keys move between them. */
export function QueryTabList<T extends string>({ tabs, active, search, label, labelOf, idPrefix }: QueryTabListProps<T>) {
  const navigate = useNavigate();
  return (
    <div role="tablist" aria-label={label} className="query-tabs">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab}`}
          aria-selected={tab === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab === active ? 0 : -1}
          className="query-tabs__tab"
          onClick={() => void navigate({ search: withTab(search, tab) })}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const step = event.key === 'ArrowRight' ? 1 : -1;
            const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
            void navigate({ search: withTab(search, next) });
            document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
          }}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}
