import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { DELIVERY_MODULES } from '../../infra/aws/delivery.construct.ts';
import { DESCRIPTIONS, inspect, synthPortal, topicArn, type Resource } from './support.ts';

// Synthesis runs cdk-nag and throws on any unacknowledged finding: a clean build is asserted too.
const { template } = synthPortal();
const { fnByDescription, statementsOf, actionsOf, variablesOf } = inspect(template);
const scheduled = () => fnByDescription(DESCRIPTIONS.notificationsScheduled);
const uplink = () => fnByDescription(DESCRIPTIONS.notificationsUplink);
const api = () => fnByDescription(DESCRIPTIONS.apiModule('notifications'));
const inboxTopics = topicArn('portal/v1/*/users/*/inbox');
const uplinkQueueId = () => Object.keys(template.findResources('AWS::SQS::Queue')).find((id) => id.startsWith('NotificationsUplinkDeadLetterQueue'))!;

describe('notifications on AWS', () => {
  it('routes receipts from every events topic to the uplink function with an IoT rule', () => {
    const [uplinkId] = uplink();
    template.hasResourceProperties('AWS::IoT::TopicRule', {
      TopicRulePayload: {
        Sql: "SELECT *, topic() AS topic FROM 'portal/v1/+/+/+/events' WHERE data.kind = 'notification'",
        AwsIotSqlVersion: '2016-03-23',
        RuleDisabled: false,
        Actions: [{ Lambda: { FunctionArn: { 'Fn::GetAtt': [uplinkId, 'Arn'] } } }],
      },
    });
  });

  it("sends what the rule cannot deliver to the uplink dead-letter queue, through a role only this rule may assume", () => {
    const [ruleId, rule] = Object.entries(template.findResources('AWS::IoT::TopicRule') as Record<string, Resource>)[0]!;
    expect(ruleId).toMatch(/^NotificationsUplinkRule/);
    expect(rule.Properties.RuleName).toBe('portal_notification_receipts');
    const errorAction = rule.Properties.TopicRulePayload.ErrorAction;
    expect(errorAction).toEqual({ Sqs: { QueueUrl: { Ref: uplinkQueueId() }, RoleArn: { 'Fn::GetAtt': [expect.stringMatching(/^NotificationsUplinkRuleErrorRole/), 'Arn'] }, UseBase64: false } });
    const roleId = errorAction.Sqs.RoleArn['Fn::GetAtt'][0] as string;
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'iot.amazonaws.com' },
            Condition: {
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
              ArnEquals: {
                'aws:SourceArn': {
                  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iot:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':rule/portal_notification_receipts']],
                },
              },
            },
          },
        ],
      },
    });
    const { statementsOfRole } = inspect(template);
    expect(statementsOfRole(roleId)).toEqual([{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [uplinkQueueId(), 'Arn'] } }]);
  });

  it('sends receipts the uplink function failed on (after 2 retries) to the same dead-letter queue', () => {
    const [uplinkId] = uplink();
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: uplinkId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [uplinkQueueId(), 'Arn'] } } },
    });
  });

  it('alarms on the first message in each dead-letter queue (uplink, scheduler and delivery), to the alarm topic', () => {
    const all = Object.keys(template.findResources('AWS::SQS::Queue')).sort();
    // The delivery queues themselves are no dead-letter queues (test/infra/delivery.test.ts); other
    // modules' dead-letter queues (actions) are alarmed the same way.
    const isDeliveryQueue = (id: string) => /^Delivery[A-Za-z]+Queue/.test(id) && !id.includes('DeadLetterQueue');
    const queues = all.filter((id) => !isDeliveryQueue(id));
    expect(all).toHaveLength(queues.length + DELIVERY_MODULES.length);
    expect(queues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DeliveryNotificationsDeadLetterQueue/),
        expect.stringMatching(/^NotificationsUplinkDeadLetterQueue/),
        expect.stringMatching(/^SchedulingDeadLetterQueue/),
      ]),
    );
    const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    for (const queueId of queues) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
        Statistic: 'Maximum',
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
        AlarmActions: [{ Ref: topicId }],
      });
    }
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId } });
  });

  it('lets only IoT Core, for that rule and this account, invoke the uplink function', () => {
    const [uplinkId] = uplink();
    const [ruleId] = Object.keys(template.findResources('AWS::IoT::TopicRule'));
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [uplinkId, 'Arn'] },
      Principal: 'iot.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
  });

  it('gives the uplink function the table and the topic root, and nothing to publish or schedule', () => {
    const [, fn] = uplink();
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Environment: { Variables: { TABLE_NAME: expect.anything(), POWERTOOLS_SERVICE_NAME: 'notifications', MQTT_TOPIC_ROOT: 'portal/v1' } },
    });
    const actions = actionsOf(fn);
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(actions.filter((a) => a.startsWith('iot:') || a.startsWith('scheduler:') || a === 'dynamodb:Scan')).toEqual([]);
  });

  it('has a scheduled function (60 s) that EventBridge Scheduler invokes, failing into the dead-letter queue', () => {
    const [id, fn] = scheduled();
    expect(fn.Properties).toMatchObject({
      Handler: 'index.handler',
      Timeout: 60,
      Environment: { Variables: { TABLE_NAME: expect.anything(), DELIVERY_QUEUE: 'sqs' } },
    });
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('COGNITO_ISSUER');
    const { statementsOfRole } = inspect(template);
    const schedulerRole = Object.entries(template.findResources('AWS::IAM::Role') as Record<string, Resource>).find(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    )![0];
    const invoke = statementsOfRole(schedulerRole).filter((s) => s.Action === 'lambda:InvokeFunction');
    // One statement may name every module's scheduled function.
    expect(invoke.flatMap((s) => [s.Resource].flat())).toContainEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: id },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SchedulingDeadLetterQueue'), 'Arn'] } } },
    });
    // A send from here schedules the report's last fold (decision 0087), which fires here.
    expect(actionsOf(fn).filter((a) => a.startsWith('scheduler:')).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule']);
  });

  it("lets only the delivery function publish to users' inboxes, under the root only, never retained; the API and scheduled functions queue", () => {
    const [, delivery] = fnByDescription(DESCRIPTIONS.delivery('notifications'));
    expect(variablesOf(delivery).MQTT_TOPIC_ROOT).toBe('portal/v1');
    expect(variablesOf(delivery).IOT_DATA_ENDPOINT).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] });
    expect(statementsOf(delivery).filter((s) => [s.Action].flat().some((a) => a.startsWith('iot:')))).toEqual([{ Effect: 'Allow', Action: 'iot:Publish', Resource: inboxTopics }]);
    for (const [, fn] of [api(), scheduled()]) {
      expect(variablesOf(fn)).not.toHaveProperty('IOT_DATA_ENDPOINT');
      expect(statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('iot:')))).toEqual([]);
    }
  });

  it('lets the API function create, replace and delete schedules of the group, with the scheduler settings', () => {
    const [, fn] = api();
    expect(fn.Properties.Environment.Variables).toMatchObject({
      SCHEDULER: 'eventbridge',
      SCHEDULER_GROUP_NAME: expect.anything(),
      SCHEDULER_ROLE_ARN: expect.anything(),
      SCHEDULER_DLQ_ARN: expect.anything(),
      SCHEDULE_TARGET_ARN_NOTIFICATIONS: { 'Fn::GetAtt': [scheduled()[0], 'Arn'] },
    });
    expect(actionsOf(fn)).toEqual(expect.arrayContaining(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'iam:PassRole']));
  });
});
