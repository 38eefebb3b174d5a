/**
 * A list page's tab and selected item, kept in the query (`?tab=…&selected=…`) so overlays, reloads
 * and links keep them (notifications, actions). Other query parameters (developer mode) stay.
 */
export const TAB_PARAM = 'tab';
/** The item whose details show. */
export const SELECTED_PARAM = 'selected';

/** The query's tab if it is one of `tabs`, else the first (the default). */
export function tabIn<T extends string>(search: string, tabs: readonly [T, ...T[]]): T {
  const value = new URLSearchParams(search).get(TAB_PARAM);
  return (tabs as readonly (string | null)[]).includes(value) ? (value as T) : tabs[0];
}

export const selectedOf = (search: string) => new URLSearchParams(search).get(SELECTED_PARAM) ?? undefined;

/** The query with the tab (and, optionally, the selection) changed; other parameters stay. */
export function withTab(search: string, tab: string, selected?: string): string {
  const params = new URLSearchParams(search);
  params.set(TAB_PARAM, tab);
  if (selected) params.set(SELECTED_PARAM, selected);
  else params.delete(SELECTED_PARAM);
  return `?${params.toString()}`;
}
