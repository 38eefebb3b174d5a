import { Duration, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { MODULES, ROUTES, type ModuleName } from '@portal/shared/api/route-table';
import { PortalFunction, grantTableAccess } from './portal-function.construct.ts';

export interface ApiConstructProps {
  readonly table: ITableV2;
  /** JWT issuer of the user pool. */
  readonly issuerUrl: string;
  readonly userPool: IUserPool;
  readonly userPoolClientId: string;
  /** Operator's sign-up codes (comma-separated); empty closes sign-up. */
  readonly signupCodes: string;
  /** Where users go after the migration password change. */
  readonly identityPortalUrl: string;
}

/**
 * The Cognito admin calls each module makes through the identity port (least privilege: modules
 * not listed get none). Sign-up creates identities and removes them again if the data write fails.
 */
const COGNITO_ADMIN_ACTIONS: Partial<Record<ModuleName, string[]>> = {
  organizations: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser'],
  identity: ['cognito-idp:AdminSetUserPassword'],
  users: [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDeleteUser',
    'cognito-idp:AdminGetUser',
    'cognito-idp:AdminUpdateUserAttributes',
  ],
};

/** HTTP fields logged per request (HTTP API context variables). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
};

/**
 * The HTTP API, generated from the shared route table: one Lambda per module, one route per
 * table entry. Non-public routes are checked by a JWT authorizer here and again by the handler.
 */
export class ApiConstruct extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: Record<ModuleName, PortalFunction>;

  constructor(scope: Construct, id: string, props: ApiConstructProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Staff portal API (routes generated from shared/src/api/route-table.ts)',
      // The default stage is added below with access logs and throttling.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const jwtAuthorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuerUrl, {
      jwtAudience: [props.userPoolClientId],
    });
    const noAuthorizer = new HttpNoneAuthorizer();

    const integrations = new Map<ModuleName, HttpLambdaIntegration>();
    const functions = {} as Record<ModuleName, PortalFunction>;
    for (const module of MODULES) {
      const fn = new PortalFunction(this, `${pascal(module)}Function`, {
        entry: `functions/src/${module}/handler.ts`,
        serviceName: module,
        description: `Portal API module '${module}'`,
        environment: {
          COGNITO_ISSUER: props.issuerUrl,
          COGNITO_CLIENT_ID: props.userPoolClientId,
          COGNITO_USER_POOL_ID: props.userPool.userPoolId,
          SIGNUP_CODES: props.signupCodes,
          IDENTITY_PORTAL_URL: props.identityPortalUrl,
        },
      });
      grantTableAccess(fn, props.table, 'readWrite');
      const adminActions = COGNITO_ADMIN_ACTIONS[module];
      if (adminActions) props.userPool.grant(fn, ...adminActions);
      functions[module] = fn;
      integrations.set(
        module,
        new HttpLambdaIntegration(`${pascal(module)}Integration`, fn, {
          // One invoke permission for the whole API instead of one per route: the function's
          // resource policy has a size limit and the route table will keep growing.
          scopePermissionToRoute: false,
          timeout: Duration.seconds(10),
        }),
      );
    }
    this.functions = functions;

    for (const route of ROUTES) {
      const isPublic = route.access === 'public';
      const authorizer: IHttpRouteAuthorizer = isPublic ? noAuthorizer : jwtAuthorizer;
      const httpRoutes = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.module)!,
        authorizer,
      });
      if (isPublic) {
        for (const httpRoute of httpRoutes) {
          Validations.of(httpRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is access 'public' in the shared route table: it is called without a token by design.`,
          });
        }
      }
    }
  }
}

/** 'organizations' -> 'Organizations': construct ids stay stable and readable. */
function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
