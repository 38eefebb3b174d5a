import type { ModuleDeclaration } from '../api/module-declaration.ts';

/** The dashboard module's declaration (decision 0074): its name; its routes are still in the route table. */
export const DASHBOARD_MODULE = {
  module: 'dashboard',
} as const satisfies ModuleDeclaration;
