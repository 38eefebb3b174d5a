import { tabIn } from '../../../ui/query-tabs.ts';

/** Spec 000 §2: tabs sent and templates; sent by default. Kept in the query (`tab`). */
export const ACTION_TABS = ['sent', 'templates'] as const;
export type ActionsTab = (typeof ACTION_TABS)[number];

export const tabOf = (search: string): ActionsTab => tabIn(search, ACTION_TABS);
export { selectedOf, withTab } from '../../../ui/query-tabs.ts';
