import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { functionsNeeding } from '../../infra/aws/function-needs.ts';
import { DESCRIPTIONS, LAMBDAS, inspect, synthPortal, topicArn, type Resource } from './support.ts';

// Synthesis runs cdk-nag and throws on any unacknowledged finding, so a clean build is asserted too.
const { stack, template } = synthPortal();
const { fnByDescription, functions, statementsOf, actionsOf, variablesOf } = inspect(template);
const authorizerFunction = () => fnByDescription(DESCRIPTIONS.iotAuthorizer);
const devicesApiFunction = () => fnByDescription(DESCRIPTIONS.apiModule('devices'));
const actionsOfStatement = (statement: { Action: string | string[] }) => [statement.Action].flat();

describe('IoT Core device access', () => {
  it('has an active custom authorizer without token signing, backed by the authorizer Lambda', () => {
    const [id] = authorizerFunction();
    template.hasResourceProperties('AWS::IoT::Authorizer', {
      Status: 'ACTIVE',
      SigningDisabled: true,
      AuthorizerFunctionArn: { 'Fn::GetAtt': [id, 'Arn'] },
      AuthorizerName: `${stack.stackName}-devices`,
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

  it("gives the authorizer reads only (a device's lookup row, a person's memberships): no write, no IoT rights", () => {
    const actions = actionsOf(authorizerFunction()[1]);
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(actions.filter((a) => a.startsWith('iot:'))).toEqual([]);
  });

  it('lets the authorizer answer within IoT Core\'s 5 s', () => {
    expect(authorizerFunction()[1].Properties.Timeout).toBe(5);
  });

  it("gives the authorizer the API's Cognito settings (the watch emulator's ID token) and the topic root", () => {
    const [, api] = devicesApiFunction();
    const variables = variablesOf(authorizerFunction()[1]);
    for (const name of ['COGNITO_ISSUER', 'COGNITO_CLIENT_ID', 'COGNITO_USER_POOL_ID']) {
      expect(variables[name]).toEqual(variablesOf(api)[name]);
      expect(variables[name]).toBeDefined();
    }
    expect(variables.MQTT_TOPIC_ROOT).toBe('portal/v1');
  });

  it('lets the devices module publish (and retain) only device configurations under the root, at the IoT data endpoint', () => {
    const [, fn] = devicesApiFunction();
    expect(variablesOf(fn).IOT_DATA_ENDPOINT).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] });
    expect(variablesOf(fn).MQTT_TOPIC_ROOT).toBe('portal/v1');
    const iot = statementsOf(fn).filter((s) => actionsOfStatement(s).some((a) => a.startsWith('iot:')));
    expect(iot).toEqual([{ Effect: 'Allow', Action: ['iot:Publish', 'iot:RetainPublish'], Resource: topicArn('portal/v1/*/devices/*/config') }]);
  });

  it("grants iot:Publish to no function outside FUNCTION_NEEDS' publishers (the delivery functions publish to inboxes only: test/infra/delivery.test.ts)", () => {
    const publishers = functionsNeeding((needs) => needs.publishes !== undefined).map((name) => fnByDescription(LAMBDAS[name].description)[1]);
    const others = functions()
      .map(([, fn]) => fn as Resource)
      .filter((fn) => !publishers.includes(fn) && fn.Properties.Role);
    for (const fn of others) {
      expect(actionsOf(fn).filter((a) => a.startsWith('iot:Publish') || a === 'iot:RetainPublish')).toEqual([]);
    }
  });

  it('outputs the authorizer name and the data endpoint for device makers', () => {
    template.hasOutput('DeviceAuthorizerName', {});
    template.hasOutput('IotDataEndpoint', {});
    template.hasOutput('MqttTopicRoot', { Value: 'portal/v1' });
  });
});
