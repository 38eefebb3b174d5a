import { topicsFor } from '../devices/topics.ts';
import type { ModuleName } from './module-names.ts';
import { declaredRows } from './modules.ts';

/**
 * THE uplink table: which module handles which device event. Devices publish on their events topic,
 * users without a device (the watch emulator) on theirs (docs/device-protocol.md); the envelope's
 * `data.kind` names what the event is about, and its row names the module and handler that take it.
 * Two readers, as the route table has for HTTP:
 * - CDK (`infra/aws/module-events.construct.ts`): one Lambda per module and handler
 *   (`functions/src/<module>/<handler>.handler.ts`), one IoT rule per row (`uplinkRuleSql`, named
 *   `<deployment>_<rule>`), IoT Core's right to invoke it for that rule, and the dead-letter queue
 *   for what the rule or the function could not handle;
 * - the local runtime (`infra/local/uplink.ts`): one subscriber that hands each envelope on the events
 *   topics to the handler of its kind, with what the rule would pass.
 *
 * A module that takes device events (actions: answers, tasks: checklists, automation: buttons)
 * declares its row in `shared/src/<module>/module.ts` (decision 0074), adds its handler file, and
 * its Lambda's row in `FUNCTION_NEEDS` (`infra/aws/function-needs.ts`).
 */
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

/** Assembled from the modules' declarations (`shared/src/<module>/module.ts`, decision 0074), in their order. */
export const UPLINK_ROUTES = declaredRows('uplink') satisfies readonly UplinkRoute[];

export type UplinkKind = (typeof UPLINK_ROUTES)[number]['kind'];

/** The row of an envelope's `data.kind`, or undefined for a kind no module takes (the message is dropped). */
export function uplinkRouteOf(kind: unknown): UplinkRoute | undefined {
  return UPLINK_ROUTES.find((route) => route.kind === kind);
}

/**
 * The IoT rule of a row (SQL version 2016-03-23): every events topic under the deployment's root,
 * devices' and users', this kind only. The rule passes the envelope's fields and adds the topic.
 */
export function uplinkRuleSql(route: Pick<UplinkRoute, 'kind'>, topicRoot: string): string {
  return `SELECT *, topic() AS topic FROM '${topicsFor(topicRoot).uplinkRuleFilter}' WHERE data.kind = '${route.kind}'`;
}
