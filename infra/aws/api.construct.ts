import { Duration, Fn, SecretValue, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
  type CfnStage,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET } from '@portal/shared/api/origin-secret';
import { MODULES, ROUTES, routeKey, type ModuleName, type RouteDefinition } from '@portal/shared/api/route-table';
import { pascal } from './logical-id.ts';
import { PortalFunction } from './portal-function.construct.ts';
import { grantTableAccess } from './table-access.ts';

export interface ApiConstructProps {
  readonly table: ITableV2;
  /** JWT issuer of the user pool. */
  readonly issuerUrl: string;
  readonly userPool: IUserPool;
  readonly userPoolClientId: string;
  /**
   * Operator's sign-up codes (comma-separated; empty closes sign-up), a NoEcho parameter's value.
   * They go into a Secrets Manager secret that only the organizations function reads.
   */
  readonly signupCodes: string;
  /** Where users go after the migration password change. */
  readonly identityPortalUrl: string;
}

/**
 * The Cognito admin calls each module makes through the identity port
 * (functions/src/platform/identity/cognito-admin.ts; least privilege: modules not listed get none).
 * Sign-up creates an identity (AdminCreateUser, then AdminSetUserPassword) and deletes it again if
 * the data write fails; it never looks one up. The migration password change sets the password
 * (the old one is checked with InitiateAuth, which needs no IAM permission). Users do all of it and
 * change emails; AdminGetUser finds an existing identity for a new user.
 */
export const COGNITO_ADMIN_ACTIONS: Partial<Record<ModuleName, string[]>> = {
  organizations: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser'],
  identity: ['cognito-idp:AdminSetUserPassword'],
  users: [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDeleteUser',
    'cognito-idp:AdminGetUser',
    'cognito-idp:AdminUpdateUserAttributes',
  ],
};

/**
 * Throttling of every route with access 'public' (sign-up), on top of the stage's default: callers
 * without a token get a small share of the API, whatever the route. API Gateway counts all callers
 * together (behind CloudFront it sees one client); the WAF web ACL limits each client IP (web-acl.ts).
 */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 5, burstLimit: 10 } as const;
/**
 * The webhooks (public `rawBody` routes, docs/webhooks.md): one route key serves every
 * organisation's buttons, bins and alarms, so more than sign-up's share, still well below the
 * default; over it API Gateway answers 429 before the function runs (decision 0040).
 */
export const WEBHOOK_ROUTE_THROTTLE = { rateLimit: 25, burstLimit: 50 } as const;
/** The stage's default for every other route. */
export const DEFAULT_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

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
  readonly signupCodesSecret: Secret;
  /** What CloudFront sends as its origin header and every API function checks (decision 0058). */
  readonly originSecret: Secret;

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
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const jwtAuthorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuerUrl, {
      jwtAudience: [props.userPoolClientId],
    });
    const noAuthorizer = new HttpNoneAuthorizer();

    // The sign-up codes: a secret, read by the sign-up function alone (decision 0013).
    this.signupCodesSecret = new Secret(this, 'SignupCodes', {
      description: 'Sign-up codes that allow founding an organisation: {"codes":"CODE1,CODE2"}; empty codes close sign-up',
      secretStringValue: new SecretValue(Fn.join('', ['{"codes":"', props.signupCodes, '"}'])),
    });
    Validations.of(this.signupCodesSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The sign-up codes are chosen by the operator and handed to the people who may found an organisation; no rotation function can invent new ones. The operator replaces them by deploying a new SignupCodes value.',
    });

    // The origin secret (decision 0058): generated at deploy, sent by CloudFront in ORIGIN_SECRET.header
    // (web.construct.ts) and read by every API function, which refuses a request without it.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `The value CloudFront sends in ${ORIGIN_SECRET.header} to the HTTP API; the API refuses requests without it (the execute-api URL answers no one else)`,
      // Letters and digits: a header value as it is, nothing to escape anywhere.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Rotated by the operator (docs/deploy.md, 'Rotating the origin secret'): a new value with PutSecretValue, then a deploy with a new OriginHeaderGeneration makes CloudFront send it; the functions accept the current and the previous value meanwhile. A rotation Lambda would have to update the distribution too.",
    });

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
          [ORIGIN_SECRET.secretArnVariable]: this.originSecret.secretArn,
          ...(module === 'identity' ? { IDENTITY_PORTAL_URL: props.identityPortalUrl } : {}),
        },
      });
      grantTableAccess(fn, props.table, module);
      fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.originSecret.secretArn] }));
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

    // Sign-up (organizations) checks the codes: GetSecretValue on this secret, nothing else.
    functions.organizations.addEnvironment('SIGNUP_CODES_SECRET_ARN', this.signupCodesSecret.secretArn);
    functions.organizations.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.signupCodesSecret.secretArn] }),
    );

    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of ROUTES as readonly RouteDefinition[]) {
      const isPublic = route.access === 'public';
      const authorizer: IHttpRouteAuthorizer = isPublic ? noAuthorizer : jwtAuthorizer;
      const httpRoutes = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.module)!,
        authorizer,
      });
      if (isPublic) {
        const throttle = route.rawBody ? WEBHOOK_ROUTE_THROTTLE : PUBLIC_ROUTE_THROTTLE;
        routeSettings[routeKey(route)] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
        for (const httpRoute of httpRoutes) {
          // Route settings name existing routes: the stage waits for them.
          this.stage.node.addDependency(httpRoute);
          Validations.of(httpRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is access 'public' in the shared route table: it is called without a token by design; it is throttled as a public route here and per client IP by the WAF web ACL.`,
          });
        }
      }
    }
    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
  }
}
