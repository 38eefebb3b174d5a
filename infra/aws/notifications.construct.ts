import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { TOPIC_ROOT } from '@portal/shared/devices/topics';
import { PortalFunction, grantTableAccess } from './portal-function.construct.ts';
import type { SchedulingConstruct } from './scheduling.construct.ts';

export interface NotificationsConstructProps {
  readonly table: ITableV2;
  /** The account's IoT data endpoint (IotEndpointConstruct). */
  readonly endpointAddress: string;
  /** The notifications module's API function (ApiConstruct): sends now, creates schedules. */
  readonly apiFunction: NodejsFunction;
  readonly scheduling: SchedulingConstruct;
}

/** Receipts of notifications on any events topic (devices and users); the rule adds the topic. */
export const NOTIFICATION_UPLINK_SQL = `SELECT *, topic() AS topic FROM '${TOPIC_ROOT}/+/+/+/events' WHERE data.kind = 'notification'`;

/** Sends to a few thousand users (publish, then status rows); the firing guard's lease (90 s) is longer. */
const SCHEDULED_TIMEOUT = Duration.seconds(60);

/**
 * Notifications beyond the HTTP API: the scheduled function EventBridge Scheduler invokes for
 * one-off sends and series, the uplink function an IoT rule invokes with devices' and users'
 * receipts, and the right of the senders to publish to users' inboxes (docs/decisions/0008).
 */
export class NotificationsConstruct extends Construct {
  readonly scheduledFunction: PortalFunction;
  readonly uplinkFunction: PortalFunction;
  readonly uplinkRule: CfnTopicRule;

  constructor(scope: Construct, id: string, props: NotificationsConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.scheduledFunction = new PortalFunction(this, 'Scheduled', {
      entry: 'functions/src/notifications/scheduled.handler.ts',
      serviceName: 'notifications',
      description: 'Notifications: scheduled sends and series occurrences (EventBridge Scheduler target)',
    });
    (this.scheduledFunction.node.defaultChild as CfnFunction).timeout = SCHEDULED_TIMEOUT.toSeconds();
    grantTableAccess(this.scheduledFunction, props.table, 'readWrite');
    props.scheduling.addTarget('notifications', this.scheduledFunction);
    props.scheduling.grantScheduling(props.apiFunction);

    for (const sender of [props.apiFunction, this.scheduledFunction]) this.grantInboxPublish(sender, props.endpointAddress);

    this.uplinkFunction = new PortalFunction(this, 'Uplink', {
      entry: 'functions/src/notifications/uplink.handler.ts',
      serviceName: 'notifications',
      description: 'Notifications: received/read receipts from devices and users (IoT rule target)',
    });
    // Reads the notification and the device's user; writes the receipt and its dedupe marker.
    grantTableAccess(this.uplinkFunction, props.table, 'readWrite');

    this.uplinkRule = new CfnTopicRule(this, 'UplinkRule', {
      topicRulePayload: {
        description: 'Notification receipts (received, read) from devices and users to the notifications uplink function',
        sql: NOTIFICATION_UPLINK_SQL,
        awsIotSqlVersion: '2016-03-23',
        ruleDisabled: false,
        actions: [{ lambda: { functionArn: this.uplinkFunction.functionArn } }],
      },
    });
    this.uplinkFunction.addPermission('InvokeByUplinkRule', {
      principal: new ServicePrincipal('iot.amazonaws.com'),
      sourceArn: this.uplinkRule.attrArn,
      sourceAccount: stack.account,
    });
  }

  /** Publish (not retain) to users' inboxes only, at the account's data endpoint. */
  private grantInboxPublish(fn: NodejsFunction, endpointAddress: string): void {
    const inboxes = Stack.of(this).formatArn({ service: 'iot', resource: 'topic', resourceName: `${TOPIC_ROOT}/*/users/*/inbox` });
    fn.addEnvironment('IOT_DATA_ENDPOINT', endpointAddress);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: [inboxes] }));
    if (fn.role) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iot:<AWS::Region>:<AWS::AccountId>:topic/${TOPIC_ROOT}/*/users/*/inbox]`,
        reason: 'Notifications go to the inbox of any user of any organisation (portal/v1/{orgId}/users/{userId}/inbox); ids are created at run time, so only the inbox pattern can be named.',
      });
    }
  }
}
