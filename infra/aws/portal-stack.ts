import { Aws, CfnCondition, CfnOutput, CfnParameter, Fn, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { ApiConstruct } from './api.construct.ts';
import { AssetsConstruct } from './assets.construct.ts';
import { AuthConstruct } from './auth.construct.ts';
import { ClientErrorsAlarm } from './client-errors-alarm.ts';
import { DataConstruct } from './data.construct.ts';
import { DeliveryConstruct } from './delivery.construct.ts';
import type { Deployment } from './deployment.ts';
import { IotConstruct } from './iot.construct.ts';
import { IotEndpointConstruct } from './iot-endpoint.construct.ts';
import { eventModules, type EventFunctionName } from './event-functions.ts';
import { FUNCTION_NEEDS } from './function-needs.ts';
import { grantIotPublish, type IotPublishSettings } from './iot-publish.ts';
import { pascal } from './logical-id.ts';
import { ModuleEventsConstruct } from './module-events.construct.ts';
import { OperationalAlarms } from './operational-alarms.ts';
import { PresenceConstruct } from './presence.construct.ts';
import type { PortalFunction } from './portal-function.construct.ts';
import type { TableUser } from './table-access.ts';
import { SchedulingConstruct } from './scheduling.construct.ts';
import { SecretsKeyConstruct } from './secrets-key.construct.ts';
import { EdgeWebAclArn } from './web-acl.ts';
import { WebConstruct } from './web.construct.ts';

export interface PortalStackProps extends StackProps {
  /** Built SPA directory (Vite's `frontend/dist`). */
  readonly frontendDistPath: string;
  /** Which deployment this is (deployment.ts): names the stack's topic root and shared resources. */
  readonly deployment: Deployment;
  /**
   * The SSM parameter in us-east-1 holding the web ACL of PortalEdge-<deployment> (the default);
   * without it (`-c edge=false`) the WebAclArn parameter names one, or none (decision 0058).
   */
  readonly edgeWebAclParameter?: string;
}

/**
 * The sign-up codes parameter: no '"' or '\' (they go into the secret's JSON), commas between codes.
 * A Java regular expression, as CloudFormation checks it.
 */
const SIGNUP_CODES_PATTERN = '^[^"\\\\]*$';

/**
 * The whole portal on AWS. Environment-agnostic unless the app gives it a region: account and region
 * come from the deploy, and what depends on the region (the WAF web ACL, CloudFront logging) is
 * decided by conditions on AWS::Region (region.ts).
 */
export class PortalStack extends Stack {
  /** EventBridge Scheduler: register scheduled functions with addTarget, schedule creators with grantScheduling. */
  readonly scheduling: SchedulingConstruct;
  readonly deployment: Deployment;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    this.deployment = props.deployment;
    const topicRoot = props.deployment.topicRoot;

    const data = new DataConstruct(this, 'Data');
    const auth = new AuthConstruct(this, 'Auth', { table: data.table });
    // Operator settings, given at deploy: `npx cdk deploy --parameters SignupCodes=CODE1,CODE2`.
    const signupCodes = new CfnParameter(this, 'SignupCodes', {
      type: 'String',
      default: '',
      noEcho: true,
      allowedPattern: SIGNUP_CODES_PATTERN,
      constraintDescription: 'comma-separated codes without " or \\',
      description: 'Comma-separated sign-up codes that allow creating an organisation; empty closes sign-up. Kept in a Secrets Manager secret only the sign-up function reads.',
    });
    const identityPortalUrl = new CfnParameter(this, 'IdentityPortalUrl', {
      type: 'String',
      default: 'https://myaccount.microsoft.com/',
      description: 'Where users pending an identity-provider migration go after changing their password.',
    });
    const api = new ApiConstruct(this, 'Api', {
      table: data.table,
      issuerUrl: auth.issuerUrl,
      userPool: auth.userPool,
      userPoolClientId: auth.webClient.userPoolClientId,
      signupCodes: signupCodes.valueAsString,
      identityPortalUrl: identityPortalUrl.valueAsString,
    });
    // A rotation of the origin secret (docs/deploy.md): a new value makes CloudFront send the secret's current value.
    const originHeaderGeneration = new CfnParameter(this, 'OriginHeaderGeneration', {
      type: 'String',
      default: '1',
      allowedPattern: '^[0-9]{1,10}$',
      description: 'Raise after putting a new value into the origin secret (output OriginSecretArn): CloudFront then sends the new value to the API.',
    });
    const iot = new IotEndpointConstruct(this, 'IotEndpoint');
    const devicesOnIot = new IotConstruct(this, 'Iot', {
      table: data.table,
      endpointAddress: iot.endpointAddress,
      topicRoot,
      cognito: { issuerUrl: auth.issuerUrl, clientId: auth.webClient.userPoolClientId, userPoolId: auth.userPool.userPoolId },
    });
    this.scheduling = new SchedulingConstruct(this, 'Scheduling');

    // Scheduled and uplink functions from the two event tables, one construct per module (`Notifications`).
    const eventFunctionsByName: Partial<Record<EventFunctionName, PortalFunction>> = {};
    for (const module of eventModules()) {
      const events = new ModuleEventsConstruct(this, pascal(module), {
        module,
        table: data.table,
        scheduling: this.scheduling,
        topicRoot,
        deploymentName: props.deployment.name,
      });
      Object.assign(eventFunctionsByName, events.functions);
    }
    // Devices and watch emulators online or offline, from IoT Core's lifecycle events.
    const presence = new PresenceConstruct(this, 'Presence', { table: data.table, deploymentName: props.deployment.name });
    // Sends to people go through a queue per module to its delivery function (decision 0020).
    const delivery = new DeliveryConstruct(this, 'Delivery', { table: data.table });

    const rateLimits = this.rateLimits(props.edgeWebAclParameter);

    const runtimeConfig: RuntimeConfig & { mqttTopicRoot: string } = {
      // Same origin: CloudFront routes /api/* to the HTTP API, so no CORS is needed.
      apiBaseUrl: '/api',
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      // A browser cannot name the custom authorizer in a header or the MQTT username over
      // WebSocket, so the upgrade request's query string does (docs/device-protocol.md §7).
      mqttUrl: `${iot.mqttUrl}?x-amz-customauthorizer-name=${devicesOnIot.authorizerName}`,
      mqttTopicRoot: topicRoot,
    };
    const web = new WebConstruct(this, 'Web', {
      frontendDistPath: props.frontendDistPath,
      httpApi: api.httpApi,
      runtimeConfig,
      // Amplify calls Cognito's API directly; the watch emulator and live updates use IoT's WebSocket.
      connectSrc: [`https://cognito-idp.${this.region}.${this.urlSuffix}`, `wss://${iot.endpointAddress}`],
      webAclId: rateLimits.webAclId,
      originSecret: api.originSecret,
      originHeaderGeneration: originHeaderGeneration.valueAsString,
    });

    // Webhook secrets sealed at rest (decision 0057).
    const secretsKey = new SecretsKeyConstruct(this, 'SecretsKey');
    // Organisation uploads (the logo).
    const assets = new AssetsConstruct(this, 'Assets', { accessLogsBucket: web.logsBucket });
    const functions: Record<TableUser, PortalFunction> = {
      ...api.functions,
      ...(eventFunctionsByName as Record<EventFunctionName, PortalFunction>),
      ...delivery.functions,
      preTokenGeneration: auth.preTokenGeneration,
      iotAuthorizer: devicesOnIot.authorizerFunction,
      devicesPresence: presence.fn,
    };
    // What each function needs beyond the table (queues, schedules, IoT publishing, the assets
    // bucket, the secrets key): its variables and grants, from the one table its entry's adapters are checked against.
    const iotPublish: IotPublishSettings = { endpointAddress: iot.endpointAddress, topicRoot };
    for (const [name, needs] of Object.entries(FUNCTION_NEEDS) as Array<[TableUser, (typeof FUNCTION_NEEDS)[TableUser]]>) {
      const fn = functions[name];
      for (const module of needs.queues ?? []) delivery.grantSend(fn, module);
      if (needs.consumes) delivery.grantConsume(fn, needs.consumes);
      if (needs.schedules) this.scheduling.grantScheduling(fn, needs.schedules);
      if (needs.publishes) grantIotPublish(fn, needs.publishes, iotPublish);
      if (needs.assets) assets.grantObjects(fn);
      if (needs.kms) secretsKey.grantUse(fn);
    }

    // Browser errors counted and alarmed on; API 5xx, function failures and late queues alarmed on.
    new ClientErrorsAlarm(this, 'ClientErrors', { logGroup: api.functions['client-errors'].logGroup, deploymentName: props.deployment.name });
    new OperationalAlarms(this, 'Alarms', { httpApi: api.httpApi, functions, deliveryQueues: delivery.queues });

    new CfnOutput(this, 'WebUrl', { value: `https://${web.distribution.distributionDomainName}` });
    // No ApiUrl: the execute-api URL refuses every request that does not come through CloudFront
    // (decision 0058); the API is `${WebUrl}/api`.
    new CfnOutput(this, 'OriginSecretArn', { value: api.originSecret.secretArn, description: 'The origin secret CloudFront sends to the API (its ARN; rotation: docs/deploy.md)' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
  }

  /**
   * The distribution's per-client rate limits (web-acl.ts). A CLOUDFRONT web ACL must live in
   * us-east-1: by default PortalEdge-<deployment> makes it there and this stack reads its ARN at
   * deploy (decision 0058). With `-c edge=false` the WebAclArn parameter names one, or none while
   * it is empty.
   */
  private rateLimits(edgeWebAclParameter: string | undefined): { webAclId: string } {
    if (edgeWebAclParameter) return { webAclId: new EdgeWebAclArn(this, 'EdgeWebAcl', { parameterName: edgeWebAclParameter }).arn };
    const given = new CfnParameter(this, 'WebAclArn', {
      type: 'String',
      default: '',
      description:
        'Only with -c edge=false (no PortalEdge stack): ARN of a CLOUDFRONT-scope WAF web ACL (created in us-east-1) for per-client rate limits; empty attaches none.',
    });
    const hasGiven = new CfnCondition(this, 'HasWebAclArn', { expression: Fn.conditionNot(Fn.conditionEquals(given.valueAsString, '')) });
    return { webAclId: Token.asString(Fn.conditionIf(hasGiven.logicalId, given.valueAsString, Aws.NO_VALUE)) };
  }
}
