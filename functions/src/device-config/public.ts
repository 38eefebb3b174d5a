/**
 * The device-config module's one public way in (decision 0014, 0064): what a device is told, its
 * config message (binding, topics, trigger menu, watch settings, a tablet's settings and design)
 * and GET /watch-config. No module imports it: the modules whose data it shows signal a change
 * (devices, settings, users, automation), and the Lambda entries register its listeners and serve
 * its route.
 */

/** The listeners to the signals of devices, settings, users and automation: each entry that publishes device configs registers them. */
export { registerDeviceConfigListeners } from './device-config.listeners.ts';

/** GET /watch-config (any member): the caller's trigger menu and the watch settings; the automation Lambda serves it. */
export { watchConfigRoutes } from './watch-config.routes.ts';

/**
 * A device's config message published again, with its organisation's shared part read once per
 * organisation: at start the local runtime puts back every device's retained config its broker does
 * not already hold as the table says (infra/local/republish-config.ts, decision 0070).
 */
export { loadOrgConfig, publishDeviceConfig } from './device-config.service.ts';
