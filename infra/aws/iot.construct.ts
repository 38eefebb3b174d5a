import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnAuthorizer } from 'aws-cdk-lib/aws-iot';
import { Construct } from 'constructs';
import { MQTT_TOPIC_ROOT_ENV } from './deployment.ts';
import { PortalFunction } from './portal-function.construct.ts';
import { grantTableAccess } from './table-access.ts';

export interface IotConstructProps {
  readonly table: ITableV2;
  /** The account's IoT data endpoint (IotEndpointConstruct). */
  readonly endpointAddress: string;
  /** The deployment's MQTT topic root, e.g. `portal/v1` (deployment.ts). */
  readonly topicRoot: string;
  /** The user pool the API trusts: the authorizer verifies the watch emulator's ID tokens against it. */
  readonly cognito: { readonly issuerUrl: string; readonly clientId: string; readonly userPoolId: string };
}

/** IoT Core gives a custom authorizer 5 s; the function gives up with it. */
const AUTHORIZER_TIMEOUT = Duration.seconds(5);

/**
 * Devices on IoT Core: the custom authorizer that checks a device's MQTT username and token (or a
 * user's ID token, the watch emulator) with the same logic as the local broker and answers with a
 * policy for that connection's own topics under the deployment's root. Who may publish to devices
 * (the devices module, their configurations) is data: iot-publish.ts.
 */
export class IotConstruct extends Construct {
  readonly authorizer: CfnAuthorizer;
  readonly authorizerFunction: PortalFunction;
  /** The authorizer's name, known at synth: devices and the browser name it when they connect. */
  readonly authorizerName: string;

  constructor(scope: Construct, id: string, props: IotConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.authorizerFunction = new PortalFunction(this, 'DeviceAuthorizer', {
      entry: 'functions/src/devices/iot-authorizer.handler.ts',
      serviceName: 'devices',
      description: 'IoT Core custom authorizer: device MQTT username/token to a policy for its own topics',
      timeout: AUTHORIZER_TIMEOUT,
      environment: {
        // The policy it returns names topics under this root only (functions/src/devices/iot-policy.ts).
        [MQTT_TOPIC_ROOT_ENV]: props.topicRoot,
        // The same pool settings as the API functions: a user's ID token is verified like there.
        COGNITO_ISSUER: props.cognito.issuerUrl,
        COGNITO_CLIENT_ID: props.cognito.clientId,
        COGNITO_USER_POOL_ID: props.cognito.userPoolId,
      },
    });
    grantTableAccess(this.authorizerFunction, props.table, 'iotAuthorizer');

    this.authorizerName = `${stack.stackName}-devices`;
    this.authorizer = new CfnAuthorizer(this, 'Authorizer', {
      authorizerName: this.authorizerName,
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

    new CfnOutput(stack, 'DeviceAuthorizerName', { value: this.authorizer.ref, description: 'IoT Core custom authorizer of devices: they append ?x-amz-customauthorizer-name=<this> to their MQTT username' });
    new CfnOutput(stack, 'IotDataEndpoint', { value: props.endpointAddress, description: 'MQTT endpoint for devices (TLS 443, ALPN mqtt, or wss /mqtt)' });
    new CfnOutput(stack, 'MqttTopicRoot', { value: props.topicRoot, description: "This deployment's MQTT topic root: every device and user topic starts with it" });
  }
}
