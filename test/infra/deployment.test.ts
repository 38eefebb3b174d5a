import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { DEFAULT_DEPLOYMENT, deploymentNamed } from '../../infra/aws/deployment.ts';
import { DESCRIPTIONS, inspect, synthPortal, topicArn } from './support.ts';

// A second deployment beside the default one (staging next to production in one account and
// region), with an SES sender for the pool's email.
const staging = synthPortal({
  context: { deployment: 'staging', sesFromAddress: 'no-reply@portal.example.org', sesVerifiedDomain: 'portal.example.org' },
});
const { fnByDescription, statementsOf, variablesOf } = inspect(staging.template);

/** The Lambdas that publish to or parse MQTT topics (sends publish from the delivery Lambda, decision 0020). */
const TOPIC_USERS = [
  DESCRIPTIONS.delivery('notifications'),
  DESCRIPTIONS.apiModule('devices'),
  DESCRIPTIONS.notificationsUplink,
  DESCRIPTIONS.iotAuthorizer,
];

describe('a named deployment', () => {
  it('is its own stack, Portal-<deployment>', () => {
    expect(staging.stack.stackName).toBe('Portal-staging');
    expect(deploymentNamed(DEFAULT_DEPLOYMENT)).toEqual({ name: 'portal', stackName: 'Portal-portal', topicRoot: 'portal/v1' });
  });

  it('refuses names that would not fit a stack name, a topic level or a rule name', () => {
    for (const bad of ['Staging', 'stag/ing', 'stag+', '1st', 'a'.repeat(21), '']) expect(() => deploymentNamed(bad)).toThrow(/deployment name/);
  });

  it('tells every function that publishes or parses topics its topic root, <deployment>/v1', () => {
    for (const description of TOPIC_USERS) expect(variablesOf(fnByDescription(description)[1]).MQTT_TOPIC_ROOT).toBe('staging/v1');
    staging.template.hasOutput('MqttTopicRoot', { Value: 'staging/v1' });
  });

  it('routes only its own receipts: the IoT rule reads staging/v1 topics and has its own name', () => {
    staging.template.hasResourceProperties('AWS::IoT::TopicRule', {
      RuleName: 'staging_notification_receipts',
      TopicRulePayload: Match.objectLike({ Sql: "SELECT *, topic() AS topic FROM 'staging/v1/+/+/+/events' WHERE data.kind = 'notification'" }),
    });
  });

  it('publishes only under its own root', () => {
    const iotResources = (description: RegExp) =>
      statementsOf(fnByDescription(description)[1])
        .filter((s) => [s.Action].flat().some((a) => a.startsWith('iot:')))
        .map((s) => s.Resource);
    expect(iotResources(DESCRIPTIONS.apiModule('devices'))).toEqual([topicArn('staging/v1/*/devices/*/config')]);
    expect(iotResources(DESCRIPTIONS.delivery('notifications'))).toEqual([topicArn('staging/v1/*/users/*/inbox')]);
    // The API and the scheduled sends only queue (decision 0020): no IoT at all.
    expect(iotResources(DESCRIPTIONS.apiModule('notifications'))).toEqual([]);
    expect(iotResources(DESCRIPTIONS.notificationsScheduled)).toEqual([]);
  });

  it('names what is unique per account and region after the deployment', () => {
    staging.template.hasResourceProperties('AWS::IoT::Authorizer', { AuthorizerName: 'Portal-staging-devices' });
    staging.template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Portal-staging-schedules' });
    // The web ACL is the edge stack's (us-east-1, decision 0058), named after the deployment too.
    Template.fromStack(staging.edgeStack!).hasResourceProperties('AWS::WAFv2::WebACL', { Name: 'PortalEdge-staging-rate-limits' });
  });
});

describe("the pool's email", () => {
  it('goes through SES from the given sender, with the verified domain as the identity', () => {
    staging.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'no-reply@portal.example.org',
        SourceArn: {
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/portal.example.org']],
        },
      },
    });
  });
});
