import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AllowedMethods, CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MODULES, ROUTES, routeKey } from '@portal/shared/api/route-table';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { createPortalApp } from '../../infra/aws/portal-app.ts';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';

// Built once per file: synthesis (with the cdk-nag plugin) is the slow part.
const frontendDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
mkdirSync(path.join(frontendDist, 'assets'));
writeFileSync(path.join(frontendDist, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(path.join(frontendDist, 'assets', 'index-abc123.js'), 'console.log(1)');

// Same feature flags as `cdk synth`; an empty bundling-stacks list skips esbuild in tests.
const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
const { app, stack } = createPortalApp({
  frontendDistPath: frontendDist,
  context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
});
// Synthesis runs the cdk-nag plugin and throws with its report on an unacknowledged error.
const template = Template.fromStack(stack);
afterAll(() => rmSync(frontendDist, { recursive: true, force: true }));

const isPublic = (access: string) => access === 'public';

describe('data', () => {
  it('builds the table from TABLE_DEFINITION: keys, GSIs, TTL, on-demand, PITR, SSE, retained', () => {
    const key = (name: string, type: 'HASH' | 'RANGE') => ({ AttributeName: name, KeyType: type });
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [key(TABLE_DEFINITION.partitionKey, 'HASH'), key(TABLE_DEFINITION.sortKey, 'RANGE')],
        GlobalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((gsi) =>
          Match.objectLike({
            IndexName: gsi.indexName,
            KeySchema: [key(gsi.partitionKey, 'HASH'), key(gsi.sortKey, 'RANGE')],
          }),
        ),
        BillingMode: 'PAY_PER_REQUEST',
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      }),
    });
  });
});

describe('api', () => {
  const moduleFunctions = (module: string) =>
    template.findResources('AWS::Lambda::Function', {
      Properties: {
        Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: module, COGNITO_ISSUER: Match.anyValue() }) },
      },
    });

  it.each(MODULES)('has one Node 22 arm64 Lambda for module %s with the Cognito and table settings', (module) => {
    const functions = Object.values(moduleFunctions(module));
    expect(functions).toHaveLength(1);
    expect(functions[0]?.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 10,
      TracingConfig: { Mode: 'Active' },
      Environment: {
        Variables: {
          NODE_OPTIONS: '--enable-source-maps',
          COGNITO_CLIENT_ID: expect.anything(),
          COGNITO_USER_POOL_ID: expect.anything(),
          TABLE_NAME: expect.anything(),
          LOG_LEVEL: expect.any(String),
        },
      },
    });
  });

  it('has exactly one route per route-table entry', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
  });

  it.each(ROUTES.map((route) => [routeKey(route), route.access] as const))(
    'routes %s (%s) with the matching authorization',
    (key, access) => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: key,
        AuthorizationType: isPublic(access) ? 'NONE' : 'JWT',
        AuthorizerId: isPublic(access) ? Match.absent() : Match.anyValue(),
      });
    },
  );

  it('checks tokens against the user pool issuer with the web client as audience', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('WebClient') }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: Match.stringLikeRegexp('UserPool') }]],
        },
      },
    });
  });

  it('logs access and throttles on the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
    });
  });
});

describe('auth', () => {
  it('has an admin-only user pool with a strong password policy and the pre-token-generation trigger', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true },
        },
        LambdaConfig: { PreTokenGeneration: Match.anyValue() },
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    });
  });
});

describe('web', () => {
  const distribution = () => Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties.DistributionConfig;

  it('serves the bucket through an origin access control and /api/* from the HTTP API, uncached', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: AllowedMethods.ALLOW_ALL.methods,
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
          }),
        ],
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        // The SPA fallback is a viewer-request function, so API errors are never rewritten.
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('rewrites extension-less paths to /index.html and leaves files alone', () => {
    const fn = Object.values(template.findResources('AWS::CloudFront::Function'))[0];
    const code = fn?.Properties.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/organizations/o1/settings')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(distribution()?.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
  });

  it('writes config.json from deploy-time values, uncached and never pruned', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/config.json'],
      SourceMarkers: [
        Match.objectLike({
          '<<marker:0xbaba:0>>': { Ref: 'AWS::Region' },
          '<<marker:0xbaba:3>>': { 'Fn::GetAtt': [Match.stringLikeRegexp('IotEndpoint'), 'endpointAddress'] },
        }),
      ],
    });
  });

  it('keeps private buckets with TLS-only access and access logs', () => {
    template.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }) });
  });
});

describe('stack', () => {
  it('outputs what a deploy needs', () => {
    for (const output of ['WebUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) {
      template.hasOutput(output, {});
    }
  });

  it('passes cdk-nag AwsSolutions with no unacknowledged error or warning', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: false }).validateScope(app);
    const findings = report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  it('has no CDK error or warning annotation', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });
});
