import { describe, expect, it } from 'vitest';
import {
  DELIVERY_BATCH_SIZE,
  DELIVERY_MAX_CONCURRENCY,
  DELIVERY_MAX_RECEIVE_COUNT,
  DELIVERY_MODULES,
  DELIVERY_PUBLISHES_PER_SECOND,
  IOT_ACCOUNT_PUBLISHES_PER_SECOND,
  PUBLISHES_PER_SECOND_PER_CONSUMER,
} from '../../infra/aws/delivery.construct.ts';
import { FUNCTION_NEEDS } from '../../infra/aws/function-needs.ts';
import { DESCRIPTIONS, LAMBDAS, inspect, synthPortal, topicArn, type Resource } from './support.ts';

// Synthesis runs cdk-nag and throws on any unacknowledged finding: a clean build is asserted too.
const { template } = synthPortal();
const { fnByDescription, statementsOf, actionsOf, variablesOf } = inspect(template);
const delivery = () => fnByDescription(DESCRIPTIONS.delivery('notifications'));
const queues = () => Object.entries(template.findResources('AWS::SQS::Queue') as Record<string, Resource>);
const queueId = () => queues().find(([id]) => /^DeliveryNotificationsQueue/.test(id))![0];
const deadLetterId = () => queues().find(([id]) => /^DeliveryNotificationsDeadLetterQueue/.test(id))![0];
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
/** A function's SQS rights as [action, queue id] pairs, however CDK merged its statements. */
const sqsGrants = (fn: Resource) =>
  statementsOf(fn)
    .flatMap((s) => [s.Action].flat().flatMap((action) => [s.Resource].flat().map((resource) => [action, (resource as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']?.[0]] as const)))
    .filter(([action]) => action.startsWith('sqs:'))
    .sort();

describe('notification delivery on AWS (decision 0020)', () => {
  it('queues batches on an encrypted, TLS-only queue that moves a batch to its dead-letter queue after 5 receives', () => {
    const [, queue] = queues().find(([id]) => id === queueId())!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 360,
      RedrivePolicy: { deadLetterTargetArn: arnOf(deadLetterId()), maxReceiveCount: DELIVERY_MAX_RECEIVE_COUNT },
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId() }],
      PolicyDocument: { Statement: [{ Action: 'sqs:*', Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Principal: { AWS: '*' }, Resource: arnOf(queueId()) }] },
    });
  });

  it('alarms on the first batch in the dead-letter queue, to the alarm topic', () => {
    const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetterId(), 'QueueName'] } }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      EvaluationPeriods: 1,
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('consumes the queue with bounded concurrency and partial batch failures', () => {
    const [id] = delivery();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: id },
      EventSourceArn: arnOf(queueId()),
      BatchSize: DELIVERY_BATCH_SIZE,
      ScalingConfig: { MaximumConcurrency: DELIVERY_MAX_CONCURRENCY },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // One event source per delivery module (notifications, actions, tasks, shifts), each its own queue.
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', DELIVERY_MODULES.length);
  });

  it("paces each consumer so that all of them together stay under IoT Core's account limit", () => {
    const [, fn] = delivery();
    expect(fn.Properties.Timeout).toBe(60);
    expect(variablesOf(fn).DELIVERY_PUBLISHES_PER_SECOND).toBe(String(PUBLISHES_PER_SECOND_PER_CONSUMER));
    expect(PUBLISHES_PER_SECOND_PER_CONSUMER * DELIVERY_MAX_CONCURRENCY).toBeLessThanOrEqual(DELIVERY_PUBLISHES_PER_SECOND);
    expect(DELIVERY_PUBLISHES_PER_SECOND).toBeLessThan(IOT_ACCOUNT_PUBLISHES_PER_SECOND);
  });

  it("lets the delivery function alone publish to users' inboxes, and consume its own queue only", () => {
    const [, fn] = delivery();
    expect(variablesOf(fn)).toMatchObject({ MQTT_TOPIC_ROOT: 'portal/v1', IOT_DATA_ENDPOINT: { 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] } });
    expect(statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('iot:')))).toEqual([{ Effect: 'Allow', Action: 'iot:Publish', Resource: topicArn('portal/v1/*/users/*/inbox') }]);
    // Consumes, and (a fired template's notification is sent from here, decision 0039) queues that send's batches.
    expect(sqsGrants(fn)).toEqual(
      ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage', 'sqs:SendMessage'].map((action) => [action, queueId()]),
    );
    for (const [, sender] of [fnByDescription(DESCRIPTIONS.apiModule('notifications')), fnByDescription(DESCRIPTIONS.notificationsScheduled)]) {
      expect(actionsOf(sender).filter((a) => a.startsWith('iot:'))).toEqual([]);
    }
  });

  it('lets the API and scheduled functions put batches on the queue (SendMessage only) and tells them where', () => {
    for (const [, sender] of [fnByDescription(DESCRIPTIONS.apiModule('notifications')), fnByDescription(DESCRIPTIONS.notificationsScheduled)]) {
      expect(variablesOf(sender)).toMatchObject({ DELIVERY_QUEUE: 'sqs', DELIVERY_QUEUE_URL_NOTIFICATIONS: { Ref: queueId() } });
      const onQueue = statementsOf(sender).filter((s) => JSON.stringify(s.Resource) === JSON.stringify(arnOf(queueId())));
      expect(onQueue).toEqual([{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: arnOf(queueId()) }]);
    }
    // Nobody else may send to it but the automation functions that fire triggers, the delivery
    // function itself (below) and the uplink function, whose reads queue the report's fold (decision 0087).
    const senders = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('"sqs:SendMessage"') && JSON.stringify(policy.Properties.PolicyDocument).includes(queueId()),
    );
    expect(senders).toHaveLength(6);
  });
});

describe('jobs of fired triggers on the delivery queues (decision 0039)', () => {
  const queueOf = (module: string) => queues().find(([id]) => new RegExp(`^Delivery${module[0]!.toUpperCase()}${module.slice(1)}Queue`).test(id))![0];
  const automationFunctions = () => [fnByDescription(DESCRIPTIONS.apiModule('automation')), fnByDescription(LAMBDAS.automationUplink.description)];

  it("lets the automation API (webhooks) and uplink (buttons) put jobs on the notifications, actions and tasks queues, and on no other", () => {
    for (const [, fn] of automationFunctions()) {
      expect(variablesOf(fn)).toMatchObject({
        DELIVERY_QUEUE: 'sqs',
        DELIVERY_QUEUE_URL_NOTIFICATIONS: { Ref: queueOf('notifications') },
        DELIVERY_QUEUE_URL_ACTIONS: { Ref: queueOf('actions') },
        DELIVERY_QUEUE_URL_TASKS: { Ref: queueOf('tasks') },
      });
      expect(variablesOf(fn).DELIVERY_QUEUE_URL_SHIFTS).toBeUndefined();
      // (An uplink function also has its own dead-letter queue's rights: not a delivery queue.)
      expect(sqsGrants(fn).filter(([, queue]) => queue?.startsWith('Delivery'))).toEqual(['actions', 'notifications', 'tasks'].map((module) => ['sqs:SendMessage', queueOf(module)]));
    }
  });

  // Each schedules its own module's: actions and tasks what they send, notifications its report's last fold (decision 0087).
  it.each(['notifications', 'actions', 'tasks'] as const)('lets the %s delivery function send a fired template: its own queue, and its own schedules', (module) => {
    const [, fn] = fnByDescription(DESCRIPTIONS.delivery(module));
    expect(variablesOf(fn)).toMatchObject({ DELIVERY_QUEUE: 'sqs', [`DELIVERY_QUEUE_URL_${module.toUpperCase()}`]: { Ref: queueOf(module) } });
    expect(sqsGrants(fn).filter(([action]) => action === 'sqs:SendMessage')).toEqual([['sqs:SendMessage', queueOf(module)]]);
    expect(FUNCTION_NEEDS[`${module}Delivery`].schedules).toEqual([module]);
    expect(variablesOf(fn).SCHEDULER).toBe('eventbridge');
    expect(actionsOf(fn).some((a) => a.startsWith('scheduler:'))).toBe(true);
  });

  it.each(DELIVERY_MODULES)('tells the %s delivery function its own queue, where it may bring a failed record back early (decision 0054)', (module) => {
    const [, fn] = fnByDescription(DESCRIPTIONS.delivery(module));
    expect(variablesOf(fn)).toMatchObject({ DELIVERY_QUEUE: 'sqs', [`DELIVERY_QUEUE_URL_${module.toUpperCase()}`]: { Ref: queueOf(module) } });
    expect(sqsGrants(fn)).toContainEqual(['sqs:ChangeMessageVisibility', queueOf(module)]);
  });

  it('leaves the shifts delivery function a consumer only', () => {
    const [, fn] = fnByDescription(DESCRIPTIONS.delivery('shifts'));
    expect(actionsOf(fn).filter((a) => a === 'sqs:SendMessage' || a.startsWith('scheduler:'))).toEqual([]);
  });
});

describe('shift delivery on AWS (decision 0033)', () => {
  const shiftsQueueId = () => queues().find(([id]) => /^DeliveryShiftsQueue/.test(id))![0];

  it('has its own queue and consumer, which reads the published week and publishes to inboxes only', () => {
    const [id, fn] = fnByDescription(DESCRIPTIONS.delivery('shifts'));
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: id }, EventSourceArn: arnOf(shiftsQueueId()), FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('iot:')))).toEqual([{ Effect: 'Allow', Action: 'iot:Publish', Resource: topicArn('portal/v1/*/users/*/inbox') }]);
    // The week row and the activity types are read; no delivery rows (the kit's writer is bundled, so granted: least-privilege.test.ts).
    expect(actionsOf(fn).filter((a) => a.startsWith('dynamodb:') && a !== 'dynamodb:BatchWriteItem').sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
  });

  it('lets the shifts API function alone queue a publish, and never publish itself', () => {
    const [, api] = fnByDescription(DESCRIPTIONS.apiModule('shifts'));
    expect(variablesOf(api)).toMatchObject({ DELIVERY_QUEUE: 'sqs', DELIVERY_QUEUE_URL_SHIFTS: { Ref: shiftsQueueId() } });
    expect(actionsOf(api).filter((a) => a.startsWith('iot:'))).toEqual([]);
    const senders = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('"sqs:SendMessage"') && JSON.stringify(policy.Properties.PolicyDocument).includes(shiftsQueueId()),
    );
    expect(senders).toHaveLength(1);
  });
});
