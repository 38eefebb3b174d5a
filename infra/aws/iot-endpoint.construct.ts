import { Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  type AwsSdkCall,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * The account's IoT Core data endpoint (ATS), looked up at deploy time: CloudFormation has no
 * attribute for it and the stack stays account-agnostic.
 */
export class IotEndpointConstruct extends Construct {
  /** e.g. 'abc123-ats.iot.eu-central-1.amazonaws.com' */
  readonly endpointAddress: string;
  /** MQTT over WebSocket URL the browser connects to. */
  readonly mqttUrl: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const describeEndpoint: AwsSdkCall = {
      service: 'Iot',
      action: 'describeEndpoint',
      parameters: { endpointType: 'iot:Data-ATS' },
      // The endpoint is fixed per account and region.
      physicalResourceId: PhysicalResourceId.of('iot-data-ats-endpoint'),
    };

    const lookup = new AwsCustomResource(this, 'DescribeEndpoint', {
      onCreate: describeEndpoint,
      onUpdate: describeEndpoint,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['iot:DescribeEndpoint'], resources: ['*'] }),
      ]),
      // The SDK in the Lambda runtime has DescribeEndpoint; no npm download at deploy time.
      installLatestAwsSdk: false,
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
    });

    this.endpointAddress = lookup.getResponseField('endpointAddress');
    this.mqttUrl = `wss://${this.endpointAddress}/mqtt`;

    Validations.of(lookup).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'iot:DescribeEndpoint supports no resource-level permissions; the policy allows only that read-only action.',
    });
    // The role belongs to CDK's AwsCustomResource singleton Lambda, shared by the stack.
    if (Construct.isConstruct(lookup.grantPrincipal)) {
      Validations.of(lookup.grantPrincipal).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's AwsCustomResource handler gets the basic execution managed policy (CloudWatch Logs only) from the construct.",
      });
    }
  }
}
