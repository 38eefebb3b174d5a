import { orgPaths } from '../../../lib/paths.ts';
import { useListNav } from '../../../ui/use-list-nav.ts';

/** Links and navigation within /notifications, keeping the query (tab, selection, developer mode). */
export const useNotificationsNav = () => useListNav(orgPaths.notifications);
