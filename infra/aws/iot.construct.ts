import { CfnOutput, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnAuthorizer } from 'aws-cdk-lib/aws-iot';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { TOPIC_ROOT } from '@portal/shared/devices/topics';
import { PortalFunction, grantTableAccess } from './portal-function.construct.ts';

export interface IotConstructProps {
  readonly table: ITableV2;
  /** The account's IoT data endpoint (IotEndpointConstruct). */
  readonly endpointAddress: string;
  /** The function that publishes to devices (the devices module). */
  readonly publisher: NodejsFunction;
}

/**
 * Devices on IoT Core: the custom authorizer that checks a device's MQTT username and token with
 * the same logic as the local broker, and the publisher's right to put messages on portal topics.
 */
export class IotConstruct extends Construct {
  readonly authorizer: CfnAuthorizer;
  readonly authorizerFunction: PortalFunction;

  constructor(scope: Construct, id: string, props: IotConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.authorizerFunction = new PortalFunction(this, 'DeviceAuthorizer', {
      entry: 'functions/src/devices/iot-authorizer.handler.ts',
      serviceName: 'devices',
      description: 'IoT Core custom authorizer: device MQTT username/token to a policy for its own topics',
    });
    // AP31 is a GetItem on the token's lookup row: read access is all it needs.
    grantTableAccess(this.authorizerFunction, props.table, 'read');

    this.authorizer = new CfnAuthorizer(this, 'Authorizer', {
      authorizerName: `${stack.stackName}-devices`,
      authorizerFunctionArn: this.authorizerFunction.functionArn,
      status: 'ACTIVE',
      // MQTT username/password: there is no signed token to verify.
      signingDisabled: true,
    });
    this.authorizerFunction.addPermission('InvokeByIotCore', {
      principal: new ServicePrincipal('iot.amazonaws.com'),
      sourceArn: this.authorizer.attrArn,
      sourceAccount: stack.account,
    });

    const portalTopics = stack.formatArn({ service: 'iot', resource: 'topic', resourceName: `${TOPIC_ROOT}/*` });
    props.publisher.addEnvironment('IOT_DATA_ENDPOINT', props.endpointAddress);
    // RetainPublish: the config topic's message is retained.
    props.publisher.addToRolePolicy(new PolicyStatement({ actions: ['iot:Publish', 'iot:RetainPublish'], resources: [portalTopics] }));
    if (props.publisher.role) {
      Validations.of(props.publisher.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iot:<AWS::Region>:<AWS::AccountId>:topic/portal/v1/*]',
        reason: 'The devices module publishes to any organisation, user and device under the portal topic root (portal/v1/{orgId}/...); topics are per tenant and created at run time, so only the root can be named.',
      });
    }

    new CfnOutput(stack, 'DeviceAuthorizerName', { value: this.authorizer.ref, description: 'IoT Core custom authorizer of devices: they append ?x-amz-customauthorizer-name=<this> to their MQTT username' });
    new CfnOutput(stack, 'IotDataEndpoint', { value: props.endpointAddress, description: 'MQTT endpoint for devices (TLS 443, ALPN mqtt, or wss /mqtt)' });
  }
}
