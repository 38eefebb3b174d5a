import { describe, expect, it } from 'vitest';
import { PRESENCE_FUNCTION_DESCRIPTION, PRESENCE_RULE_SQL } from '../../infra/aws/presence.construct.ts';
import { inspect, synthPortal, type Resource } from './support.ts';

const { template } = synthPortal();
const { fnByDescription, statementsOfRole, variablesOf, actionsOf } = inspect(template);
const presenceFn = () => fnByDescription(/^Devices: connects and disconnects/);
const rule = () => Object.entries(template.findResources('AWS::IoT::TopicRule') as Record<string, Resource>).find(([id]) => id.startsWith('PresenceRule'))!;
const queueId = () => Object.keys(template.findResources('AWS::SQS::Queue')).find((id) => id.startsWith('PresenceDeadLetterQueue'))!;

describe('device presence on AWS', () => {
  it("routes IoT Core's connect and disconnect lifecycle events to the presence function", () => {
    const [fnId, fn] = presenceFn();
    expect(fn.Properties.Description).toBe(PRESENCE_FUNCTION_DESCRIPTION);
    const [, presenceRule] = rule();
    expect(presenceRule.Properties.RuleName).toBe('portal_presence');
    expect(presenceRule.Properties.TopicRulePayload).toMatchObject({
      Sql: "SELECT * FROM '$aws/events/presence/+/+' WHERE eventType = 'connected' OR eventType = 'disconnected'",
      AwsIotSqlVersion: '2016-03-23',
      RuleDisabled: false,
      Actions: [{ Lambda: { FunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } }],
    });
    expect(presenceRule.Properties.TopicRulePayload.Sql).toBe(PRESENCE_RULE_SQL);
  });

  it('sends what the rule or the function could not handle to its dead-letter queue, through a role only this rule may assume', () => {
    const [fnId] = presenceFn();
    const [, presenceRule] = rule();
    const errorAction = presenceRule.Properties.TopicRulePayload.ErrorAction;
    expect(errorAction).toEqual({ Sqs: { QueueUrl: { Ref: queueId() }, RoleArn: { 'Fn::GetAtt': [expect.stringMatching(/^PresenceRuleErrorRole/), 'Arn'] }, UseBase64: false } });
    const roleId = errorAction.Sqs.RoleArn['Fn::GetAtt'][0] as string;
    const role = template.findResources('AWS::IAM::Role')[roleId] as Resource;
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Condition).toEqual({
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      ArnEquals: { 'aws:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iot:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':rule/portal_presence']] } },
    });
    expect(statementsOfRole(roleId)).toEqual([{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [queueId(), 'Arn'] } }]);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId(), 'Arn'] } } },
    });
  });

  it('lets only IoT Core, for that rule and this account, invoke it; it gets the table and nothing to publish or schedule', () => {
    const [fnId, fn] = presenceFn();
    const [ruleId] = rule();
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      Principal: 'iot.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    expect(variablesOf(fn)).toHaveProperty('TABLE_NAME');
    expect(actionsOf(fn).filter((action) => /^(iot|scheduler|cognito-idp|s3):/.test(action))).toEqual([]);
  });
});
