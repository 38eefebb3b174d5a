import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ModuleName } from '@portal/shared/api/route-table';
import { uplinkRuleSql } from '@portal/shared/api/uplink-table';
import { createDeadLetterQueue } from './dead-letter.ts';
import { MQTT_TOPIC_ROOT_ENV } from './deployment.ts';
import { iotRuleTarget } from './iot-rule-target.ts';
import { eventFunctions, type EventFunctionName, type ScheduledFunctionSpec, type UplinkFunctionSpec } from './event-functions.ts';
import { pascal } from './logical-id.ts';
import { PortalFunction } from './portal-function.construct.ts';
import type { SchedulingConstruct } from './scheduling.construct.ts';
import { grantTableAccess } from './table-access.ts';

export interface ModuleEventsConstructProps {
  readonly module: ModuleName;
  readonly table: ITableV2;
  readonly scheduling: SchedulingConstruct;
  /** The deployment's MQTT topic root, e.g. `portal/v1` (deployment.ts): the rules read its events topics. */
  readonly topicRoot: string;
  /** The deployment's name: IoT rules are named after it (rule names are per account and region). */
  readonly deploymentName: string;
}

/**
 * A module's functions beyond the HTTP API, generated from the two event tables (event-functions.ts),
 * as ApiConstruct generates the API from the route table. The stack makes one per module that has
 * rows, with the module's name as id (`Notifications`), so a module plugs in by adding rows.
 *
 * - Its scheduled function (`shared/src/api/scheduled-jobs.ts`): registered as the module's
 *   EventBridge Scheduler target (SchedulingConstruct: invoke right, async retries, dead letters).
 * - Its uplink functions (`shared/src/api/uplink-table.ts`): one IoT rule per row. No event is lost
 *   silently: the rule's error action (IoT could not invoke the function) and the function's
 *   on-failure destination (it failed after Lambda's retries) both end in the function's dead-letter
 *   queue, whose alarm goes off with its first message. IoT Core may invoke it for its rules only.
 *
 * Construct ids come from the tables' names (`Scheduled`, `Uplink`, `UplinkRule`, ...), so logical
 * ids stay as they are while rows are added; a second row of one handler gets `<Handler><Kind>Rule`.
 */
export class ModuleEventsConstruct extends Construct {
  readonly functions: Partial<Record<EventFunctionName, PortalFunction>> = {};
  readonly deadLetterQueues: Queue[] = [];
  readonly rules: CfnTopicRule[] = [];

  constructor(scope: Construct, id: string, props: ModuleEventsConstructProps) {
    super(scope, id);
    for (const spec of eventFunctions().filter((fn) => fn.module === props.module)) {
      this.functions[spec.name] = spec.trigger === 'schedule' ? this.scheduled(spec, props) : this.uplink(spec, props);
    }
  }

  private scheduled(spec: ScheduledFunctionSpec, props: ModuleEventsConstructProps): PortalFunction {
    const fn = new PortalFunction(this, spec.id, {
      entry: spec.entry,
      serviceName: spec.module,
      description: spec.description,
      timeout: Duration.seconds(spec.timeoutSeconds),
    });
    grantTableAccess(fn, props.table, spec.name);
    props.scheduling.addTarget(spec.module, fn);
    return fn;
  }

  private uplink(spec: UplinkFunctionSpec, props: ModuleEventsConstructProps): PortalFunction {
    const what = `${spec.module} ${spec.id.toLowerCase()} function`;
    const fn = new PortalFunction(this, spec.id, {
      entry: spec.entry,
      serviceName: spec.module,
      description: spec.description,
      // It parses the topic an event came on, under this deployment's root.
      environment: { [MQTT_TOPIC_ROOT_ENV]: props.topicRoot },
    });
    grantTableAccess(fn, props.table, spec.name);

    const kinds = spec.routes.map((route) => `'${route.kind}' events (${route.description})`).join(', ');
    const deadLetterQueue = createDeadLetterQueue(this, `${spec.id}DeadLetterQueue`, {
      holds: `${kinds} the IoT rule could not hand to the ${what} (rule error action) or that the function failed on after its retries (on-failure destination)`,
    }).queue;
    this.deadLetterQueues.push(deadLetterQueue);
    // IoT invokes the function asynchronously: Lambda retries twice, then the event goes to the queue.
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(deadLetterQueue) });

    spec.routes.forEach((route, index) => {
      const ruleId = index === 0 ? `${spec.id}Rule` : `${spec.id}${pascal(route.kind)}Rule`;
      const rule = iotRuleTarget(this, {
        ruleId,
        ruleName: `${props.deploymentName.replace(/-/g, '_')}_${route.rule}`,
        sql: uplinkRuleSql(route, props.topicRoot),
        description: `'${route.kind}' events (${route.description}) to the ${what}`,
        fn,
        deadLetterQueue,
        what,
      });
      this.rules.push(rule);
    });
    return fn;
  }
}
