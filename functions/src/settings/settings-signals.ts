import { moduleSignal } from '../platform/module-signal.ts';

/**
 * Something every device of the organisation is told changed in the settings: the watch settings,
 * the trigger menus, the tablet map or the automation flag. device-config listens and republishes
 * their config messages (decision 0064); settings never call it.
 */
export const deviceSettingsChanged = moduleSignal<{ orgId: string }>();
