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
// Synthesis runs cdk-nag and throws on any unacknowledged finding, so a clean build is asserted too.
const { stack } = createPortalApp({ frontendDistPath: frontendDist, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
const template = Template.fromStack(stack);
afterAll(() => rmSync(frontendDist, { recursive: true, force: true }));

type Resource = { Properties: Record<string, any> };
const functionsWithService = (service: string) =>
  Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
    ([, fn]) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === service,
  );
const authorizerFunction = () => functionsWithService('devices').find(([, fn]) => !fn.Properties.Environment.Variables.COGNITO_ISSUER)!;
const devicesApiFunction = () => functionsWithService('devices').find(([, fn]) => fn.Properties.Environment.Variables.COGNITO_ISSUER)!;
const roleOf = (fn: Resource) => (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
const statementsOfRole = (roleId: string) =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>);
const actionsOf = (statement: { Action: string | string[] }) => [statement.Action].flat();

describe('IoT Core device access', () => {
  it('has an active custom authorizer without token signing, backed by the authorizer Lambda', () => {
    const [id] = authorizerFunction();
    template.hasResourceProperties('AWS::IoT::Authorizer', {
      Status: 'ACTIVE',
      SigningDisabled: true,
      AuthorizerFunctionArn: { 'Fn::GetAtt': [id, 'Arn'] },
      AuthorizerName: 'PortalStack-devices',
    });
    expect(authorizerFunction()[1].Properties).toMatchObject({ Runtime: 'nodejs22.x', Handler: 'index.handler', Environment: { Variables: { TABLE_NAME: expect.anything() } } });
  });

  it('lets only IoT Core, for this authorizer, invoke the authorizer Lambda', () => {
    const [id] = authorizerFunction();
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
      Principal: 'iot.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('IotAuthorizer'), 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
  });

  it('gives the authorizer read access to the table, and no write or IoT rights', () => {
    const statements = statementsOfRole(roleOf(authorizerFunction()[1]));
    const actions = statements.flatMap(actionsOf);
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions.filter((a) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('iot:'))).toEqual([]);
  });

  it('lets the devices module publish (and retain) only under portal/v1/ topics, at the IoT data endpoint', () => {
    const [, fn] = devicesApiFunction();
    expect(fn.Properties.Environment.Variables.IOT_DATA_ENDPOINT).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] });
    const iot = statementsOfRole(roleOf(fn)).filter((s) => actionsOf(s).some((a) => a.startsWith('iot:')));
    expect(iot).toEqual([
      {
        Effect: 'Allow',
        Action: ['iot:Publish', 'iot:RetainPublish'],
        Resource: {
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iot:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':topic/portal/v1/*']],
        },
      },
    ]);
  });

  it('grants iot:Publish to no other function (notifications publish to inboxes only: test/infra/notifications.test.ts)', () => {
    const [, devices] = devicesApiFunction();
    const others = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
      (fn) => fn !== devices && fn.Properties.Role && fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME !== 'notifications',
    );
    for (const fn of others) {
      expect(statementsOfRole(roleOf(fn)).flatMap(actionsOf).filter((a) => a.startsWith('iot:Publish'))).toEqual([]);
    }
  });

  it('outputs the authorizer name and the data endpoint for device makers', () => {
    template.hasOutput('DeviceAuthorizerName', {});
    template.hasOutput('IotDataEndpoint', {});
  });
});
