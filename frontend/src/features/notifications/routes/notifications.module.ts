import type { FeatureModule } from '../../../lib/feature-module.ts';
import { notificationsRoute, prefetchNotificationList } from './notifications.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'notifications',
  route: notificationsRoute,
  prefetch: prefetchNotificationList,
};
