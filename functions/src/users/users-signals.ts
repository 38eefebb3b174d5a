import { moduleSignal } from '../platform/module-signal.ts';

/**
 * A user's chosen trigger menu changed: their watch shows it from its config message, so
 * device-config listens and republishes (decision 0064); users never call it.
 */
export const triggerMenuChoiceChanged = moduleSignal<{ orgId: string; userId: string }>();
