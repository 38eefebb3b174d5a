import { CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { ApiConstruct } from './api.construct.ts';
import { AuthConstruct } from './auth.construct.ts';
import { DataConstruct } from './data.construct.ts';
import { IotConstruct } from './iot.construct.ts';
import { IotEndpointConstruct } from './iot-endpoint.construct.ts';
import { NotificationsConstruct } from './notifications.construct.ts';
import { SchedulingConstruct } from './scheduling.construct.ts';
import { WebConstruct } from './web.construct.ts';

export interface PortalStackProps extends StackProps {
  /** Built SPA directory (Vite's `frontend/dist`). */
  readonly frontendDistPath: string;
}

/** The whole portal on AWS. Environment-agnostic: account and region come from the deploy. */
export class PortalStack extends Stack {
  /** EventBridge Scheduler: register scheduled functions with addTarget, schedule creators with grantScheduling. */
  readonly scheduling: SchedulingConstruct;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);

    const data = new DataConstruct(this, 'Data');
    const auth = new AuthConstruct(this, 'Auth', { table: data.table });
    // Operator settings, given at deploy: `npx cdk deploy --parameters SignupCodes=CODE1,CODE2`.
    const signupCodes = new CfnParameter(this, 'SignupCodes', {
      type: 'String',
      default: '',
      noEcho: true,
      description: 'Comma-separated sign-up codes that allow creating an organisation; empty closes sign-up.',
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
    const iot = new IotEndpointConstruct(this, 'IotEndpoint');
    new IotConstruct(this, 'Iot', { table: data.table, endpointAddress: iot.endpointAddress, publisher: api.functions.devices });
    this.scheduling = new SchedulingConstruct(this, 'Scheduling');
    new NotificationsConstruct(this, 'Notifications', {
      table: data.table,
      endpointAddress: iot.endpointAddress,
      apiFunction: api.functions.notifications,
      scheduling: this.scheduling,
    });

    const runtimeConfig: RuntimeConfig = {
      // Same origin: CloudFront routes /api/* to the HTTP API, so no CORS is needed.
      apiBaseUrl: '/api',
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      mqttUrl: iot.mqttUrl,
    };
    const web = new WebConstruct(this, 'Web', {
      frontendDistPath: props.frontendDistPath,
      httpApi: api.httpApi,
      runtimeConfig,
    });

    new CfnOutput(this, 'WebUrl', { value: `https://${web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: api.stage.url });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
  }
}
