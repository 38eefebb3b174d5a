import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { createDeadLetterQueue } from './dead-letter.ts';
import { MQTT_TOPIC_ROOT_ENV } from './deployment.ts';
import { PortalFunction } from './portal-function.construct.ts';
import type { SchedulingConstruct } from './scheduling.construct.ts';
import { grantTableAccess } from './table-access.ts';
import { nagRegion } from './logical-id.ts';

export interface NotificationsConstructProps {
  readonly table: ITableV2;
  /** The account's IoT data endpoint (IotEndpointConstruct). */
  readonly endpointAddress: string;
  /** The notifications module's API function (ApiConstruct): sends now, creates schedules. */
  readonly apiFunction: NodejsFunction;
  readonly scheduling: SchedulingConstruct;
  /** The deployment's MQTT topic root, e.g. `portal/v1` (deployment.ts). */
  readonly topicRoot: string;
  /** The deployment's name: the IoT rule is named after it (rule names are per account and region). */
  readonly deploymentName: string;
}

/** Receipts of notifications on any events topic (devices and users) under the root; the rule adds the topic. */
export const notificationUplinkSql = (topicRoot: string) =>
  `SELECT *, topic() AS topic FROM '${topicRoot}/+/+/+/events' WHERE data.kind = 'notification'`;

/** `<root>/{orgId}/users/{userId}/inbox` for any ids. */
export const inboxTopics = (topicRoot: string) => `${topicRoot}/*/users/*/inbox`;

/** Sends to a few thousand users (publish, then status rows); the firing guard's lease (90 s) is longer. */
const SCHEDULED_TIMEOUT = Duration.seconds(60);

/**
 * Notifications beyond the HTTP API: the scheduled function EventBridge Scheduler invokes for
 * one-off sends and series, the uplink function an IoT rule invokes with devices' and users'
 * receipts, and the right of the senders to publish to users' inboxes (docs/decisions/0008).
 *
 * No receipt is lost silently: the rule's error action (IoT could not invoke the function) and the
 * function's on-failure destination (it failed after Lambda's retries) both end in the uplink
 * dead-letter queue, whose alarm goes off with its first message.
 */
export class NotificationsConstruct extends Construct {
  readonly scheduledFunction: PortalFunction;
  readonly uplinkFunction: PortalFunction;
  readonly uplinkRule: CfnTopicRule;
  readonly uplinkDeadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: NotificationsConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.scheduledFunction = new PortalFunction(this, 'Scheduled', {
      entry: 'functions/src/notifications/scheduled.handler.ts',
      serviceName: 'notifications',
      description: 'Notifications: scheduled sends and series occurrences (EventBridge Scheduler target)',
      timeout: SCHEDULED_TIMEOUT,
    });
    grantTableAccess(this.scheduledFunction, props.table, 'notificationsScheduled');
    props.scheduling.addTarget('notifications', this.scheduledFunction);
    props.scheduling.grantScheduling(props.apiFunction);

    for (const sender of [props.apiFunction, this.scheduledFunction]) this.grantInboxPublish(sender, props);

    this.uplinkFunction = new PortalFunction(this, 'Uplink', {
      entry: 'functions/src/notifications/uplink.handler.ts',
      serviceName: 'notifications',
      description: 'Notifications: received/read receipts from devices and users (IoT rule target)',
      // It parses the topic a receipt came on, under this deployment's root.
      environment: { [MQTT_TOPIC_ROOT_ENV]: props.topicRoot },
    });
    // Reads the notification and the device's user; writes the receipt and its dedupe marker.
    grantTableAccess(this.uplinkFunction, props.table, 'notificationsUplink');

    this.uplinkDeadLetterQueue = createDeadLetterQueue(this, 'UplinkDeadLetterQueue', {
      holds: 'notification receipts the IoT rule could not hand to the uplink function (rule error action) or that the function failed on after its retries (on-failure destination)',
    }).queue;
    // IoT invokes the function asynchronously: Lambda retries twice, then the receipt goes to the queue.
    this.uplinkFunction.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.uplinkDeadLetterQueue),
    });

    // A fixed name (letters, digits, '_' only) so the error role can trust exactly this rule.
    const ruleName = `${props.deploymentName.replace(/-/g, '_')}_notification_receipts`;
    const ruleArn = stack.formatArn({ service: 'iot', resource: 'rule', resourceName: ruleName });
    const errorRole = new Role(this, 'UplinkRuleErrorRole', {
      assumedBy: new ServicePrincipal('iot.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnEquals: { 'aws:SourceArn': ruleArn } },
      }),
      description: 'IoT rule of notification receipts: sends what it cannot deliver to the uplink dead-letter queue',
    });
    errorRole.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.uplinkDeadLetterQueue.queueArn] }));

    this.uplinkRule = new CfnTopicRule(this, 'UplinkRule', {
      ruleName,
      topicRulePayload: {
        description: 'Notification receipts (received, read) from devices and users to the notifications uplink function',
        sql: notificationUplinkSql(props.topicRoot),
        awsIotSqlVersion: '2016-03-23',
        ruleDisabled: false,
        actions: [{ lambda: { functionArn: this.uplinkFunction.functionArn } }],
        errorAction: { sqs: { queueUrl: this.uplinkDeadLetterQueue.queueUrl, roleArn: errorRole.roleArn, useBase64: false } },
      },
    });
    this.uplinkFunction.addPermission('InvokeByUplinkRule', {
      principal: new ServicePrincipal('iot.amazonaws.com'),
      sourceArn: this.uplinkRule.attrArn,
      sourceAccount: stack.account,
    });
  }

  /** Publish (not retain) to users' inboxes only, at the account's data endpoint, under the deployment's root. */
  private grantInboxPublish(fn: NodejsFunction, props: NotificationsConstructProps): void {
    const inboxes = inboxTopics(props.topicRoot);
    fn.addEnvironment('IOT_DATA_ENDPOINT', props.endpointAddress);
    fn.addEnvironment(MQTT_TOPIC_ROOT_ENV, props.topicRoot);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['iot:Publish'], resources: [Stack.of(this).formatArn({ service: 'iot', resource: 'topic', resourceName: inboxes })] }),
    );
    if (fn.role) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iot:${nagRegion(this)}:<AWS::AccountId>:topic/${inboxes}]`,
        reason: `Notifications go to the inbox of any user of any organisation (${props.topicRoot}/{orgId}/users/{userId}/inbox); ids are created at run time, so only the inbox pattern can be named.`,
      });
    }
  }
}
