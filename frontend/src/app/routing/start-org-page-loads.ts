import { organizationOf } from '../../lib/paths.ts';

/** The lazy modules of the signed-in layouts above every organisation page (app/router.tsx). */
export interface OrgPageLoads {
  queryClientLayout: () => Promise<unknown>;
  /** The password-migration check, whose module starts the session's reads. */
  requireCurrentPassword: () => Promise<{ startSession: (orgId: string | undefined) => void }>;
}

/**
 * A page under '/:orgId' waits for the organisation's route table (and its imports) before the
 * router asks for the routes' chunks and runs their loaders. What does not depend on the table
 * starts beside it instead (issue 30): the signed-in layouts' chunks and, once the session is
 * known to be signed in, its reads (/api/me, the organisations, the organisation's feature
 * settings), which their loader would start only later. The router takes the same modules (the
 * browser loads a module once) and the same queries (started once; session-data.ts).
 */
export function startOrgPageLoads(path: string, load: OrgPageLoads): void {
  const orgId = organizationOf(path);
  if (!orgId) return;
  void load.queryClientLayout().catch(() => undefined);
  void load
    .requireCurrentPassword()
    .then(({ startSession }) => startSession(orgId))
    .catch(() => undefined);
}
