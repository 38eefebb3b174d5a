import { moduleSignal } from '../platform/module-signal.ts';

/**
 * What the organisation's trigger menus show changed: a trigger group, a trigger's name, a deleted
 * trigger or the menus of `/settings/automation`. device-config listens and republishes every
 * device's config message (decision 0064); automation never calls it.
 */
export const triggerMenusChanged = moduleSignal<{ orgId: string }>();
