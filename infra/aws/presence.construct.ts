import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { createDeadLetterQueue } from './dead-letter.ts';
import { iotRuleTarget } from './iot-rule-target.ts';
import { PortalFunction } from './portal-function.construct.ts';
import { grantTableAccess } from './table-access.ts';

/**
 * IoT Core's lifecycle events, connects and disconnects only (it also reports failed connects
 * under `$aws/events/presence/connect_failed/…`). They are not on the portal's topics: IoT Core
 * publishes them for every client of the account and region, whatever the topic root, so a
 * deployment's function ignores client ids that are none of its devices' or people's.
 */
export const PRESENCE_RULE_SQL = "SELECT * FROM '$aws/events/presence/+/+' WHERE eventType = 'connected' OR eventType = 'disconnected'";

export const PRESENCE_FUNCTION_DESCRIPTION = 'Devices: connects and disconnects of devices and watch emulators (IoT lifecycle events rule target)';

export interface PresenceConstructProps {
  readonly table: ITableV2;
  /** The deployment's name: the rule is named after it (rule names are per account and region). */
  readonly deploymentName: string;
}

/**
 * Device presence on AWS (docs/device-protocol.md §8): one IoT rule on the lifecycle topics that
 * invokes the devices' presence function (`functions/src/devices/presence.handler.ts`), which
 * records each device's and each watch emulator's connection in the table. Not a row of the uplink
 * table (shared/src/api/uplink-table.ts): that routes envelopes on the portal's events topics by
 * `data.kind`; these are IoT Core's own messages on its reserved topics. As for the uplink rules,
 * nothing is lost silently: the rule's error action and the function's on-failure destination end
 * in its dead-letter queue, whose alarm goes off with the first message.
 */
export class PresenceConstruct extends Construct {
  readonly fn: PortalFunction;
  readonly rule: CfnTopicRule;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: PresenceConstructProps) {
    super(scope, id);
    this.fn = new PortalFunction(this, 'Function', {
      entry: 'functions/src/devices/presence.handler.ts',
      serviceName: 'devices',
      description: PRESENCE_FUNCTION_DESCRIPTION,
    });
    grantTableAccess(this.fn, props.table, 'devicesPresence');
    this.deadLetterQueue = createDeadLetterQueue(this, 'DeadLetterQueue', {
      holds: 'connect and disconnect events the IoT rule could not hand to the devices presence function (rule error action) or that the function failed on after its retries (on-failure destination)',
    }).queue;
    // IoT invokes the function asynchronously: Lambda retries twice, then the event goes to the queue.
    this.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(this.deadLetterQueue) });
    this.rule = iotRuleTarget(this, {
      ruleId: 'Rule',
      ruleName: `${props.deploymentName.replace(/-/g, '_')}_presence`,
      sql: PRESENCE_RULE_SQL,
      description: 'Connects and disconnects (IoT lifecycle events) to the devices presence function',
      fn: this.fn,
      deadLetterQueue: this.deadLetterQueue,
      what: 'devices presence function',
    });
  }
}
