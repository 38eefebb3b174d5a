import { MODULE_DECLARATIONS } from './modules.ts';

/** The modules that declare nothing (no `shared/src/<module>/module.ts`): setup and platform. */
const SETUP_MODULES = ['organizations', 'identity', 'settings', 'users', 'devices'] as const;

type Names<T> = { readonly [K in keyof T]: T[K] extends { readonly module: infer N } ? N : never };

/**
 * The modules: one Lambda each (`functions/src/<module>/handler.ts`). The feature modules are read
 * off their declarations (decision 0074), in their order, so a module names itself in its own
 * `module.ts` and in `modules.ts`, not here as well. The route table re-exports both.
 */
export const MODULES = [...SETUP_MODULES, ...(MODULE_DECLARATIONS.map((declaration) => declaration.module) as unknown as Names<typeof MODULE_DECLARATIONS>), 'client-errors'] as const;
export type ModuleName = (typeof MODULES)[number];
