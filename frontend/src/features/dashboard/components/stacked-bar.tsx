import type { CSSProperties } from 'react';

export interface BarSegment {
  /** Names the segment's colour (dashboard.css: .stacked-bar__segment--<key>). */
  key: string;
  /** 0..100; the segments of a bar sum to 100, or to 0 when there is nothing to show. */
  percent: number;
}

/**
 * A 100 % stacked bar in plain CSS (decision 0037): decoration for the eye only, hidden from
 * screen readers, who read the same numbers in the table beside it.
 */
export function StackedBar({ segments, size = 'regular' }: { segments: readonly BarSegment[]; size?: 'regular' | 'large' }) {
  return (
    <div className={`stacked-bar stacked-bar--${size}`} aria-hidden="true">
      {segments
        .filter((segment) => segment.percent > 0)
        .map((segment) => (
          <span key={segment.key} className={`stacked-bar__segment stacked-bar__segment--${segment.key}`} style={{ width: `${segment.percent}%` } as CSSProperties} />
        ))}
    </div>
  );
}

/** The colours' key, for sighted users (the table's column headers name the same statuses). */
export function BarLegend({ items }: { items: readonly { key: string; label: string }[] }) {
  return (
    <ul className="stacked-bar-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.key}>
          <span className={`stacked-bar-legend__swatch stacked-bar__segment--${item.key}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
