/**
 * The automation module's one public way in (decision 0014): what other modules may ask of it.
 * Devices (config messages) and users (the watch's menu) read a trigger group as a trigger menu.
 */
export { triggerMenuOf } from './trigger-groups.service.ts';
