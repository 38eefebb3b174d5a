import { ArnFormat, CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ComparisonOperator, TreatMissingData, type Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

const ALARM_TOPIC_ID = 'AlarmTopic';

/**
 * The stack's one topic for operational alarms (a message in a dead-letter queue, API 5xx, a
 * function's errors, a delivery queue falling behind: operational-alarms.ts), created on first use;
 * CloudWatch alarms of this account may publish to it. Operators subscribe to it (`aws sns subscribe --topic-arn <AlarmTopicArn> --protocol email ...`).
 */
export function alarmTopicOf(scope: Construct): Topic {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(ALARM_TOPIC_ID);
  if (existing instanceof Topic) return existing;
  const topic = new Topic(stack, ALARM_TOPIC_ID, {
    displayName: `${stack.stackName} alarms`,
    enforceSSL: true,
  });
  // enforceSSL makes a topic policy that holds only its Deny, which replaces the default policy
  // that let CloudWatch publish: without this statement no alarm would reach anyone (issue 27).
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsOfThisAccount',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }) },
      },
    }),
  );
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason:
      'Alarm notifications carry only the alarm name, state and reason, no portal data; CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed key for this topic alone is not worth its cost.',
  });
  new CfnOutput(stack, 'AlarmTopicArn', { value: topic.topicArn, description: 'Subscribe to be told when an alarm goes off (dead-letter queues, API 5xx, function errors, delivery queues falling behind)' });
  return topic;
}

export interface DeadLetterQueueOptions {
  /** What ends up in the queue, for the alarm's description. */
  readonly holds: string;
}

/**
 * A dead-letter queue (SQS-managed encryption, TLS only, 14 days) and an alarm as soon as it holds a
 * message (ApproximateNumberOfMessagesVisible > 0), so nothing that failed is lost silently. The
 * queue keeps the id it is given, so an existing queue is not replaced.
 */
export function createDeadLetterQueue(scope: Construct, id: string, options: DeadLetterQueueOptions): { queue: Queue; alarm: Alarm } {
  const queue = new Queue(scope, id, {
    // SQS-managed keys: the services that write here (Scheduler, Lambda, IoT) need no KMS grants.
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself a dead-letter queue (${options.holds}); its alarm reports every message in it.`,
  });
  const alarm = queue
    .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' })
    .createAlarm(scope, `${id}Alarm`, {
      alarmDescription: `A message is in a dead-letter queue: ${options.holds}. Inspect it in SQS, fix the cause, then redrive or delete it.`,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  alarm.addAlarmAction(new SnsAction(alarmTopicOf(scope)));
  return { queue, alarm };
}
