/**
 * The modules: one Lambda each (`functions/src/<module>/handler.ts`). A leaf (decision 0074): the
 * route table re-exports them, and the modules' declarations (`shared/src/<module>/module.ts`),
 * which the table imports, take the type from here without an import loop.
 */
export const MODULES = ['organizations', 'identity', 'settings', 'users', 'devices', 'notifications', 'actions', 'tasks', 'shifts', 'dashboard', 'automation', 'client-errors'] as const;
export type ModuleName = (typeof MODULES)[number];
