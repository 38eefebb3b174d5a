import { orgPaths } from '../../../lib/paths.ts';
import { useFormCard } from '../../../ui/use-form-card.ts';
import { useListNav } from '../../../ui/use-list-nav.ts';
import type { ActionsTab } from '../utils/action-tabs.ts';

/** Links and navigation within /actions, keeping the query (tab, selection, developer mode). */
export const useActionsNav = () => useListNav(orgPaths.actions);

/** A form overlay's close now and after saving (~1 s, to the saved item). */
export function useActionFormCard() {
  const { close } = useActionsNav();
  return useFormCard<{ tab: ActionsTab; selected?: string }>(close);
}
