import type { ModuleName } from './module-names.ts';

/**
 * What a module declares once, in `shared/src/<module>/module.ts` (decision 0074): its rows of the
 * shared tables. The tables (`ROUTES`, `UPLINK_ROUTES`, `SCHEDULED_JOBS`) take them from every
 * declaration through `modules.ts`. The row types live here, in a leaf, so a declaration imports no
 * table and the tables can import the declarations without an import loop.
 */
export interface ModuleDeclaration {
  readonly module: ModuleName;
  /**
   * Its rows of the route table (shared/src/api/route-table.ts), written with `orgRoutes`; the
   * table checks them as `RouteDefinition`s (typed there: this leaf imports no table).
   */
  readonly routes?: readonly { readonly module: ModuleName }[];
  /** Its rows of the uplink table (shared/src/api/uplink-table.ts): the device events it takes. */
  readonly uplink?: readonly UplinkRoute[];
  /** Its rows of the scheduled jobs (shared/src/api/scheduled-jobs.ts): what its schedules ask for. */
  readonly scheduledJobs?: readonly ScheduledJob[];
}

/** A row of the uplink table: which module and handler take the device events of one `data.kind`. */
export interface UplinkRoute {
  /** The envelope's `data.kind`: lower-case letters, digits and '_' (it is quoted into the rule's SQL). */
  readonly kind: string;
  readonly module: ModuleName;
  /** The handler file's stem: `functions/src/<module>/<handler>.handler.ts`, which exports `handler`. */
  readonly handler: string;
  /** The IoT rule's name after the deployment's, `<deployment>_<rule>`: letters, digits and '_'. */
  readonly rule: string;
  /** What arrives, for the descriptions of the function and the rule. */
  readonly description: string;
}

/** A row of the scheduled jobs: what a schedule's target `type` asks for and whose handler runs it. */
export interface ScheduledJob {
  /** The schedule target's `type`, `<what>.<verb>`; the module's handler dispatches on it. */
  readonly type: string;
  /** The module whose scheduled handler runs it. */
  readonly module: ModuleName;
  /** The API modules whose functions create these schedules. */
  readonly scheduledBy: readonly ModuleName[];
  /** What the job does, for the function's description. */
  readonly description: string;
  /** The longest one firing may take (seconds); a module's function gets the longest of its jobs. */
  readonly timeoutSeconds: number;
  /**
   * Every schedule of the job is named `<namePrefix>…`: a function's scheduler rights name only its
   * modules' prefixes (`schedule/<group>/<prefix>*`), so it cannot touch another module's schedules.
   */
  readonly namePrefix: string;
}
