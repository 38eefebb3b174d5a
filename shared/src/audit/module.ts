import type { ModuleDeclaration } from '../api/module-declaration.ts';
import { orgRoutes } from '../api/org-routes.ts';

/**
 * The audit trail's declaration (decision 0074, issue 32): superadmins read it (/settings/audit);
 * nothing writes it through the API, the modules that change users, settings, triggers and devices
 * record their changes through functions/src/audit/public.ts.
 */
export const AUDIT_MODULE = {
  module: 'audit',
  routes: [...orgRoutes('audit', { roles: ['superadmin'] }, [['GET', '/audit', 'listAuditEntries']] as const)],
} as const satisfies ModuleDeclaration;
