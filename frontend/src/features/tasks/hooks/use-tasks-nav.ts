import { orgPaths } from '../../../lib/paths.ts';
import { useFormCard } from '../../../ui/use-form-card.ts';
import { useListNav } from '../../../ui/use-list-nav.ts';
import type { TasksTab } from '../utils/task-tabs.ts';

/** Links and navigation within /tasks, keeping the query (tab, selection, developer mode). */
export const useTasksNav = () => useListNav(orgPaths.tasks);

/** A form overlay's close now and after saving (~1 s, to the saved item). */
export function useTaskFormCard() {
  const { close } = useTasksNav();
  return useFormCard<{ tab: TasksTab; selected?: string }>(close);
}
