/**
 * What a module declares once, in `shared/src/<module>/module.ts` (decision 0074): its name and its
 * rows of the shared tables. `modules.ts` lists the declarations; `MODULES` (module-names.ts),
 * `ROUTES`, `UPLINK_ROUTES` and `SCHEDULED_JOBS` take their part from them. A leaf that imports
 * nothing: `ModuleName` is read off the declarations, so a row is typed loosely here and checked
 * where its table assembles it (`satisfies RouteDefinition`, `UplinkRoute`, `ScheduledJob`).
 */
export interface ModuleDeclaration {
  readonly module: string;
  /** Its rows of the route table (shared/src/api/route-table.ts), written with `orgRoutes`. */
  readonly routes?: readonly DeclaredRow[];
  /** Its rows of the uplink table (shared/src/api/uplink-table.ts): the device events it takes. */
  readonly uplink?: readonly UplinkRow[];
  /** Its rows of the scheduled jobs (shared/src/api/scheduled-jobs.ts): what its schedules ask for. */
  readonly scheduledJobs?: readonly ScheduledJobRow[];
}

/** A route row as a declaration holds it: it names its module; the route table checks the rest. */
export interface DeclaredRow {
  readonly module: string;
}

/** An uplink row as declared: `UplinkRoute` (uplink-table.ts), which checks the module's name, with any name. */
export interface UplinkRow {
  /** The envelope's `data.kind`: lower-case letters, digits and '_' (it is quoted into the rule's SQL). */
  readonly kind: string;
  readonly module: string;
  /** The handler file's stem: `functions/src/<module>/<handler>.handler.ts`, which exports `handler`. */
  readonly handler: string;
  /** The IoT rule's name after the deployment's, `<deployment>_<rule>`: letters, digits and '_'. */
  readonly rule: string;
  /** What arrives, for the descriptions of the function and the rule. */
  readonly description: string;
}

/** A scheduled job as declared: `ScheduledJob` (scheduled-jobs.ts), which checks the modules' names, with any names. */
export interface ScheduledJobRow {
  /** The schedule target's `type`, `<what>.<verb>`; the module's handler dispatches on it. */
  readonly type: string;
  /** The module whose scheduled handler runs it. */
  readonly module: string;
  /** The API modules whose functions create these schedules. */
  readonly scheduledBy: readonly string[];
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
