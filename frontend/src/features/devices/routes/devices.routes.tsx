import type { RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

const list = () => import('./devices-list.route.tsx');
const card = () => import('./device-card.route.tsx');

/** /devices with create, {id}/edit and tablet/{id}/edit overlays (spec 001 §2); unknown paths go to /devices. */
export const devicesRoute: RouteObject = {
  path: routePattern(orgPaths.devices),
  lazy: async () => ({ Component: (await list()).DevicesListRoute }),
  children: [
    { path: routePattern(orgPaths.devicesCreate, orgPaths.devices), lazy: async () => ({ Component: (await card()).DeviceCreateRoute }) },
    { path: routePattern(orgPaths.deviceEdit, orgPaths.devices), lazy: async () => ({ Component: (await card()).DeviceEditRoute }) },
    {
      path: routePattern(orgPaths.tabletEdit, orgPaths.devices),
      lazy: async () => ({ Component: (await import('./tablet-card.route.tsx')).TabletCardRoute }),
    },
    { path: '*', lazy: async () => ({ Component: (await list()).DevicesRedirect }) },
  ],
};
