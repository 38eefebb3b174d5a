/**
 * The automation module's one public way in (decision 0014): what other modules may ask of it.
 * device-config asks which trigger menu a device or person gets, by the one rule the button uplink
 * maps presses with, and listens to `triggerMenusChanged` (decision 0064).
 */
export {
  learnUserMenus,
  loadTriggerMenus,
  menuOf,
  menuUsersOf,
  triggerGroupIdOf,
  userMenuOf,
  type MenuDevice,
  type TriggerMenus,
} from './trigger-menus.service.ts';

/** A trigger group, a trigger's name, a deleted trigger or the menus of `/settings/automation` changed. */
export { triggerMenusChanged } from './automation-signals.ts';

/** Every trigger's name by id (AP72, names only): the reports name their trigger rows with them. */
export { listTriggerNames as triggerNames } from './triggers.repository.ts';
