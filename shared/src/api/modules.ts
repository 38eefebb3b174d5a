import { ACTIONS_MODULE } from '../actions/module.ts';
import { AUDIT_MODULE } from '../audit/module.ts';
import { AUTOMATION_MODULE } from '../automation/module.ts';
import { DASHBOARD_MODULE } from '../dashboard/module.ts';
import { NOTIFICATIONS_MODULE } from '../notifications/module.ts';
import { REPORTS_MODULE } from '../reports/module.ts';
import { SHIFTS_MODULE } from '../shifts/module.ts';
import { TASKS_MODULE } from '../tasks/module.ts';
import type { ModuleDeclaration } from './module-declaration.ts';

/**
 * Every module's declaration (`shared/src/<module>/module.ts`, decision 0074), in the order of the
 * tables assembled from them: a module adds its import and its entry here, and its name in
 * `MODULES`, its rows of the route table, the uplink table and the scheduled jobs follow (in this order, then each
 * declaration's). The route table puts the declared rows where these modules' rows were.
 */
export const MODULE_DECLARATIONS = [NOTIFICATIONS_MODULE, ACTIONS_MODULE, TASKS_MODULE, SHIFTS_MODULE, DASHBOARD_MODULE, AUTOMATION_MODULE, REPORTS_MODULE, AUDIT_MODULE] as const;

type Declared = (typeof MODULE_DECLARATIONS)[number];
type RowKey = 'routes' | 'uplink' | 'scheduledJobs';
/** The rows under `key` of every declaration, as written (`as const`), so kinds and types stay literal. */
type RowsIn<D, K extends RowKey> = D extends { readonly [P in K]: readonly (infer R)[] } ? R : never;
type DeclaredRow<K extends RowKey> = RowsIn<Declared, K>;

/** The rows under `key` of every declaration, in declaration order. */
export function declaredRows<K extends RowKey>(key: K): readonly DeclaredRow<K>[] {
  const declarations: readonly ModuleDeclaration[] = MODULE_DECLARATIONS;
  return declarations.flatMap((declaration): readonly unknown[] => declaration[key] ?? []) as readonly DeclaredRow<K>[];
}
