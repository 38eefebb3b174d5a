import type { ReactNode } from 'react';

/**
 * A wide table's scroll box on narrow screens: a named region that takes focus, so the keyboard
 * can scroll it too (axe: scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dashboard-table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
