import { DASHBOARD_PANELS, type DashboardPanel } from '@portal/shared/dashboard/dashboard-keys';

/** The panels not shown yet, in the order the custom dashboard offers them. */
export function hiddenPanels(shown: readonly DashboardPanel[]): DashboardPanel[] {
  return DASHBOARD_PANELS.filter((panel) => !shown.includes(panel));
}

/** The panel moved one place up (-1) or down (+1); unchanged at either end. */
export function movePanel(panels: readonly DashboardPanel[], panel: DashboardPanel, by: -1 | 1): DashboardPanel[] {
  const from = panels.indexOf(panel);
  const to = from + by;
  if (from < 0 || to < 0 || to >= panels.length) return [...panels];
  const next = [...panels];
  next[from] = next[to]!;
  next[to] = panel;
  return next;
}

/** Shows a panel last, or hides it; each panel at most once (the settings schema's rule). */
export function togglePanel(panels: readonly DashboardPanel[], panel: DashboardPanel, shown: boolean): DashboardPanel[] {
  const without = panels.filter((candidate) => candidate !== panel);
  return shown ? [...without, panel] : without;
}

export const samePanels = (a: readonly DashboardPanel[], b: readonly DashboardPanel[]) => a.length === b.length && a.every((panel, i) => panel === b[i]);
