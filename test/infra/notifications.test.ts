import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { createPortalApp } from '../../infra/aws/portal-app.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';

const frontendDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>portal</title>');
const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
// Synthesis runs cdk-nag and throws on any unacknowledged finding: a clean build is asserted too.
const { stack } = createPortalApp({ frontendDistPath: frontendDist, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
const template = Template.fromStack(stack);
afterAll(() => rmSync(frontendDist, { recursive: true, force: true }));

type Resource = { Properties: Record<string, any> };
const functions = () => Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
const fnByDescription = (pattern: RegExp) => functions().find(([, fn]) => pattern.test(fn.Properties.Description ?? ''))!;
const scheduled = () => fnByDescription(/^Notifications: scheduled sends/);
const uplink = () => fnByDescription(/^Notifications: received\/read receipts/);
const api = () => functions().find(([, fn]) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'notifications' && fn.Properties.Environment.Variables.COGNITO_ISSUER)!;
const roleOf = (fn: Resource) => (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
const statementsOf = (fn: Resource) =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleOf(fn)))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>);
const actionsOf = (fn: Resource) => statementsOf(fn).flatMap((s) => [s.Action].flat());
const inboxTopics = {
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iot:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':topic/portal/v1/*/users/*/inbox']],
};

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

  it('gives the uplink function the table and nothing to publish or schedule', () => {
    const [, fn] = uplink();
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Environment: { Variables: { TABLE_NAME: expect.anything(), POWERTOOLS_SERVICE_NAME: 'notifications' } } });
    const actions = actionsOf(fn);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem']));
    expect(actions.filter((a) => a.startsWith('iot:') || a.startsWith('scheduler:') || a === 'dynamodb:Scan')).toEqual([]);
  });

  it('has a scheduled function (60 s) that EventBridge Scheduler invokes, failing into the dead-letter queue', () => {
    const [id, fn] = scheduled();
    expect(fn.Properties).toMatchObject({
      Handler: 'index.handler',
      Timeout: 60,
      Environment: { Variables: { TABLE_NAME: expect.anything(), IOT_DATA_ENDPOINT: { 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] } } },
    });
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('COGNITO_ISSUER');
    const schedulerRole = Object.entries(template.findResources('AWS::IAM::Role') as Record<string, Resource>).find(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    )![0];
    const invoke = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
      .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === schedulerRole))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string; Resource: unknown }>)
      .filter((s) => s.Action === 'lambda:InvokeFunction');
    expect(invoke).toContainEqual(expect.objectContaining({ Resource: { 'Fn::GetAtt': [id, 'Arn'] } }));
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: id },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SchedulingDeadLetterQueue'), 'Arn'] } } },
    });
    expect(actionsOf(fn).filter((a) => a.startsWith('scheduler:'))).toEqual([]);
  });

  it("lets the API and scheduled functions publish to users' inboxes only, never retained", () => {
    for (const [, fn] of [api(), scheduled()]) {
      expect(fn.Properties.Environment.Variables.IOT_DATA_ENDPOINT).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] });
      const iot = statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('iot:')));
      expect(iot).toEqual([{ Effect: 'Allow', Action: 'iot:Publish', Resource: inboxTopics }]);
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
