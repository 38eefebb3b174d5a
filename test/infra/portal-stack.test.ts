import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AllowedMethods, CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MODULES, ROUTES, routeKey, type RouteDefinition } from '@portal/shared/api/route-table';
import { SECURITY_HEADERS, contentSecurityPolicy } from '@portal/shared/api/security-headers';
import { ORIGIN_SECRET } from '@portal/shared/api/origin-secret';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { COGNITO_ADMIN_ACTIONS, DEFAULT_THROTTLE, PUBLIC_ROUTE_THROTTLE, WEBHOOK_ROUTE_THROTTLE } from '../../infra/aws/api.construct.ts';
import { ORIGIN_GENERATION_HEADER } from '../../infra/aws/web.construct.ts';
import { edgeWebAclParameterName } from '../../infra/aws/web-acl.ts';
import { DESCRIPTIONS, inspect, synthPortal, type Resource } from './support.ts';

// Built once per file: synthesis (with the cdk-nag plugin, which throws on an unacknowledged
// finding) is the slow part. Environment-agnostic, as `npx cdk synth`.
const { app, stack, template } = synthPortal();
const { fnByDescription, statementsOf, actionsOf, variablesOf, functions } = inspect(template);

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
        Description: `Portal API module '${module}'`,
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
          COGNITO_CLIENT_ID: expect.anything(),
          COGNITO_USER_POOL_ID: expect.anything(),
          TABLE_NAME: expect.anything(),
          LOG_LEVEL: expect.any(String),
        },
      },
    });
  });

  it('starts every Lambda without --enable-source-maps: a logged stack is mapped when logged (decision 0045)', () => {
    const all = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
    expect(all.length).toBeGreaterThan(20);
    for (const fn of all) expect(String(fn.Properties.Environment?.Variables?.NODE_OPTIONS ?? '')).not.toContain('--enable-source-maps');
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
      DefaultRouteSettings: { ThrottlingBurstLimit: DEFAULT_THROTTLE.burstLimit, ThrottlingRateLimit: DEFAULT_THROTTLE.rateLimit },
    });
  });

  it('throttles every public route of the route table tighter, the webhooks by their own limit, and only those', () => {
    const publicRoutes = (ROUTES as readonly RouteDefinition[]).filter((route) => isPublic(route.access));
    expect(publicRoutes.map(routeKey)).toContain('POST /api/signup');
    const webhooks = publicRoutes.filter((route) => route.rawBody).map(routeKey);
    expect(webhooks).toEqual(['POST /api/hooks/{orgId}/{triggerId}', 'POST /api/hooks/{orgId}/{triggerId}/{secret}']);
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource>);
    // Exactly these keys: a route left out would get the stage's default, a stray key fails the deploy.
    expect(stage?.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        publicRoutes.map((route) => {
          const throttle = route.rawBody ? WEBHOOK_ROUTE_THROTTLE : PUBLIC_ROUTE_THROTTLE;
          return [routeKey(route), { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit }];
        }),
      ),
    );
    expect(PUBLIC_ROUTE_THROTTLE.rateLimit).toBeLessThan(WEBHOOK_ROUTE_THROTTLE.rateLimit);
    expect(WEBHOOK_ROUTE_THROTTLE.rateLimit).toBeLessThan(DEFAULT_THROTTLE.rateLimit);
  });

  it('creates the stage after the public routes its settings name', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource>);
    const routeIds = Object.entries(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>)
      .filter(([, route]) => ROUTES.some((r) => isPublic(r.access) && routeKey(r) === route.Properties.RouteKey))
      .map(([id]) => id);
    expect(routeIds.length).toBeGreaterThan(0);
    expect(stage?.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  it.each(MODULES)('gives module %s exactly the Cognito admin actions its code calls', (module) => {
    const [, fn] = fnByDescription(DESCRIPTIONS.apiModule(module));
    expect(actionsOf(fn).filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([...(COGNITO_ADMIN_ACTIONS[module] ?? [])].sort());
  });

  it('grants no AdminGetUser to sign-up (organizations): it never looks an identity up', () => {
    expect(actionsOf(fnByDescription(DESCRIPTIONS.apiModule('organizations'))[1])).not.toContain('cognito-idp:AdminGetUser');
  });

  it('tells only the identity module the identity portal URL', () => {
    for (const module of MODULES) {
      const variables = variablesOf(fnByDescription(DESCRIPTIONS.apiModule(module))[1]);
      if (module === 'identity') expect(variables.IDENTITY_PORTAL_URL).toEqual({ Ref: 'IdentityPortalUrl' });
      else expect(variables).not.toHaveProperty('IDENTITY_PORTAL_URL');
    }
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
  });

  it('gives the web client exactly the flow the SPA uses (USER_PASSWORD_AUTH and refresh), no SRP, no OAuth, explicit token lifetimes', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlowsUserPoolClient: false,
      AllowedOAuthFlows: Match.absent(),
      AllowedOAuthScopes: Match.absent(),
      CallbackURLs: Match.absent(),
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('offers optional TOTP MFA, never SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      SmsConfiguration: Match.absent(),
    });
  });

  it("sends the pool's email with Cognito's own sender when no SES sender is given (test/infra/deployment.test.ts: with one)", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
  });

  it('lets the pre-token-generation trigger run 5 s at most', () => {
    expect(fnByDescription(DESCRIPTIONS.preTokenGeneration)[1].Properties.Timeout).toBe(5);
  });
});

describe('sign-up codes', () => {
  const secrets = () => Object.entries(template.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>);
  const secretId = () => secrets().find(([, r]) => r.Properties.SecretString)![0];
  const originSecretId = () => secrets().find(([, r]) => r.Properties.GenerateSecretString)![0];

  it('keep the NoEcho parameter in a Secrets Manager secret, as {"codes":"..."}', () => {
    template.hasParameter('SignupCodes', { Type: 'String', NoEcho: true, Default: '', AllowedPattern: '^[^"\\\\]*$' });
    // Two secrets: the sign-up codes and the origin secret (below).
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: { 'Fn::Join': ['', ['{"codes":"', { Ref: 'SignupCodes' }, '"}']] },
    });
  });

  it('are readable by the organizations function alone, with GetSecretValue on that secret only', () => {
    const [, organizations] = fnByDescription(DESCRIPTIONS.apiModule('organizations'));
    expect(variablesOf(organizations).SIGNUP_CODES_SECRET_ARN).toEqual({ Ref: secretId() });
    // The statement also names the origin secret every API function reads.
    expect(statementsOf(organizations).filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')))).toEqual([
      { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: [{ Ref: originSecretId() }, { Ref: secretId() }] },
    ]);
    for (const [, fn] of functions()) {
      expect(variablesOf(fn)).not.toHaveProperty('SIGNUP_CODES');
      if (fn === organizations || !fn.Properties.Role) continue;
      const readable = statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:'))).flatMap((s) => [s.Resource].flat());
      expect(readable).not.toContainEqual({ Ref: secretId() });
      expect(variablesOf(fn)).not.toHaveProperty('SIGNUP_CODES_SECRET_ARN');
    }
  });
});

describe('the API only through CloudFront (decision 0058)', () => {
  const secrets = () => Object.entries(template.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>);
  const originSecretId = () => {
    const generated = secrets().filter(([, r]) => r.Properties.GenerateSecretString);
    expect(generated).toHaveLength(1);
    return generated[0]![0];
  };
  const apiOrigin = () => {
    const config = (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties.DistributionConfig;
    const behaviour = (config.CacheBehaviors as Array<Record<string, any>>).find((b) => b.PathPattern === '/api/*')!;
    return (config.Origins as Array<Record<string, any>>).find((o) => o.Id === behaviour.TargetOriginId)!;
  };

  it('generates the origin secret at deploy: letters and digits, 64 of them, in no template', () => {
    expect(template.toJSON().Resources[originSecretId()].Properties).toMatchObject({
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
    });
    expect(template.toJSON().Resources[originSecretId()].Properties).not.toHaveProperty('SecretString');
  });

  it('has CloudFront send it to the API origin, by a dynamic reference, with the generation that re-reads it', () => {
    expect(apiOrigin().DomainName).toEqual({ 'Fn::Join': ['', [{ Ref: expect.stringMatching(/^ApiHttpApi/) }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]] });
    expect(apiOrigin().OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_SECRET.header, HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecretId() }, ':SecretString:::}}']] } },
      { HeaderName: ORIGIN_GENERATION_HEADER, HeaderValue: { Ref: 'OriginHeaderGeneration' } },
    ]);
    template.hasParameter('OriginHeaderGeneration', { Type: 'String', Default: '1', AllowedPattern: '^[0-9]{1,10}$' });
    // The site's origin (S3) gets no such header.
    const config = (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties.DistributionConfig;
    expect((config.Origins as Array<Record<string, any>>).filter((o) => o.OriginCustomHeaders)).toHaveLength(1);
  });

  it('names it to every API function, which may read it and nothing else of Secrets Manager; no other function', () => {
    const apiFunctions = new Set(MODULES.map((module) => fnByDescription(DESCRIPTIONS.apiModule(module))[1]));
    for (const [, fn] of functions()) {
      if (!fn.Properties.Role) continue;
      const statements = statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')));
      const readsOrigin = statements.some((s) => [s.Resource].flat().some((r) => JSON.stringify(r) === JSON.stringify({ Ref: originSecretId() })));
      if (apiFunctions.has(fn)) {
        expect(variablesOf(fn)[ORIGIN_SECRET.secretArnVariable]).toEqual({ Ref: originSecretId() });
        expect(readsOrigin).toBe(true);
        expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['secretsmanager:GetSecretValue']);
      } else {
        expect(variablesOf(fn)).not.toHaveProperty(ORIGIN_SECRET.secretArnVariable);
        expect(readsOrigin).toBe(false);
      }
    }
  });

  it('puts the value in no output and no environment, and outputs no execute-api URL', () => {
    const outputs = JSON.stringify(template.toJSON().Outputs);
    expect(outputs).not.toContain('resolve:secretsmanager');
    expect(outputs).not.toContain('execute-api');
    expect(template.toJSON().Outputs).not.toHaveProperty('ApiUrl');
    template.hasOutput('OriginSecretArn', { Value: { Ref: originSecretId() } });
    for (const [, fn] of functions()) expect(JSON.stringify(variablesOf(fn))).not.toContain('resolve:secretsmanager');
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
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
          }),
        ],
        // The SPA fallback is a viewer-request function, so API errors are never rewritten.
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('passes webhook POSTs (/api/hooks/*) to the API as sent: any body, every header, no viewer function (docs/webhooks.md)', () => {
    const behaviours = distribution()?.CacheBehaviors as Array<Record<string, any>>;
    // /api/hooks/* has no behaviour of its own: /api/* is the only one, and the SPA's function is not on it.
    expect(behaviours.map((b) => b.PathPattern)).toEqual(['/api/*']);
    expect(behaviours[0]).toMatchObject({ AllowedMethods: expect.arrayContaining(['POST']) });
    expect(behaviours[0]?.FunctionAssociations).toBeUndefined();
    expect(behaviours[0]?.LambdaFunctionAssociations).toBeUndefined();
    // Content-Type, x-webhook-secret and webhook-id/-timestamp/-signature: every viewer header but Host.
    expect(behaviours[0]?.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
  });

  it('compresses /api/* JSON under a cache policy that caches nothing and keys on the caller (decision 0023)', () => {
    const policies = Object.entries(template.findResources('AWS::CloudFront::CachePolicy') as Record<string, Resource>);
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    const api = distribution()?.CacheBehaviors[0];
    expect(api).toMatchObject({ PathPattern: '/api/*', Compress: true, CachePolicyId: { Ref: policyId } });
    expect(api.CachePolicyId).not.toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(policy.Properties.CachePolicyConfig).toEqual({
      Name: { 'Fn::Join': ['', [`${stack.stackName}-api-`, { Ref: 'AWS::Region' }]] },
      Comment: expect.any(String),
      // A minimum above 0 would cache even no-store answers; the default 0 caches an answer without Cache-Control for no time.
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 1,
      ParametersInCacheKeyAndForwardedToOrigin: {
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
  });

  it("names the origin access control and the headers policy after stack and region (CloudFront names are per account, not per region)", () => {
    const nameWithRegion = (prefix: string) => ({ 'Fn::Join': ['', [prefix, { Ref: 'AWS::Region' }]] });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ Name: nameWithRegion(`${stack.stackName}-site-`), OriginAccessControlOriginType: 's3' }),
    });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({ Name: nameWithRegion(`${stack.stackName}-security-headers-`) }),
    });
  });

  it('logs to the logs bucket where CloudFront can deliver standard logs, decided on AWS::Region (regions.test.ts: per region)', () => {
    expect(distribution()?.Logging).toEqual({
      'Fn::If': [
        'CloudFrontLegacyLoggingRegion',
        { Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^WebLogsBucket/), 'RegionalDomainName'] }, IncludeCookies: false, Prefix: 'cloudfront/' },
        { Ref: 'AWS::NoValue' },
      ],
    });
  });

  it('sends the shared security headers on the SPA and on /api/*, with a CSP for Cognito and the IoT WebSocket', () => {
    const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<string, Resource>);
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    expect(distribution()?.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(distribution()?.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: policyId });

    const config = policy.Properties.ResponseHeadersPolicyConfig;
    expect(config.SecurityHeadersConfig).toEqual({
      ContentSecurityPolicy: {
        Override: true,
        ContentSecurityPolicy: {
          'Fn::Join': [
            '',
            [
              expect.stringMatching(/^default-src 'self'; script-src 'self'; style-src 'self';.* connect-src 'self' https:\/\/cognito-idp\.$/),
              { Ref: 'AWS::Region' },
              '.',
              { Ref: 'AWS::URLSuffix' },
              ' wss://',
              { 'Fn::GetAtt': [expect.stringMatching(/^IotEndpoint/), 'endpointAddress'] },
              expect.stringContaining("; frame-ancestors 'none'"),
            ],
          ],
        },
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: false, Override: true },
    });
    // The CSP is the shared one with this deployment's connect sources, nothing added or lost.
    const joined = (config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1] as unknown[])
      .map((part) => (typeof part === 'string' ? part : '<token>'))
      .join('');
    expect(joined).toBe(contentSecurityPolicy({ connectSrc: ['https://cognito-idp.<token>.<token>', 'wss://<token>'] }));
    // Every other shared header is a custom header.
    const managed = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'content-security-policy'];
    expect(config.CustomHeadersConfig.Items).toEqual(
      Object.entries(SECURITY_HEADERS)
        .filter(([name]) => !managed.includes(name))
        .map(([Header, Value]) => ({ Header, Value, Override: true })),
    );
    expect(config.CustomHeadersConfig.Items.map((item: { Header: string }) => item.Header)).toContain('permissions-policy');
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

  it('deploys config.json before the shell that reads it, and the shell after the chunks it references', () => {
    const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment') as Record<string, Resource>);
    const idOf = (pattern: RegExp) => deployments.find(([id]) => pattern.test(id))![0];
    const shell = deployments.find(([id]) => /DeployShell/.test(id))![1];
    expect(shell.DependsOn).toEqual(expect.arrayContaining([idOf(/DeployRuntimeConfig/), idOf(/DeployAssets/)]));
    expect(deployments.find(([id]) => /DeployRuntimeConfig/.test(id))![1].DependsOn ?? []).not.toContain(idOf(/DeployShell/));
  });

  it("writes the deployment's MQTT topic root and the authorizer-named WebSocket URL into config.json", () => {
    const assembly = app.synth();
    const configs = readdirSync(assembly.directory)
      .filter((entry) => entry.startsWith('asset.'))
      .map((entry) => path.join(assembly.directory, entry, 'config.json'))
      .filter((file) => existsSync(file));
    expect(configs).toHaveLength(1);
    const config = JSON.parse(readFileSync(configs[0]!, 'utf8')) as Record<string, string>;
    expect(config).toMatchObject({ apiBaseUrl: '/api', mqttTopicRoot: 'portal/v1' });
    // The browser names the custom authorizer in the WebSocket URL (docs/device-protocol.md §7).
    expect(config.mqttUrl).toMatch(new RegExp(`^wss://<<marker:0xbaba:\\d+>>/mqtt\\?x-amz-customauthorizer-name=${stack.stackName}-devices$`));
  });

  it('attaches the web ACL of PortalEdge-<deployment>, read from its SSM parameter in us-east-1 at deploy (regions.test.ts)', () => {
    const lookups = Object.entries(template.findResources('Custom::AWS') as Record<string, Resource>).filter(([, r]) => String(r.Properties.Create).includes('getParameter'));
    expect(lookups).toHaveLength(1);
    const [lookupId, lookup] = lookups[0]!;
    expect(distribution()?.WebACLId).toEqual({ 'Fn::GetAtt': [lookupId, 'Parameter.Value'] });
    expect(JSON.parse(lookup.Properties.Create as string)).toMatchObject({
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: edgeWebAclParameterName('portal') },
      region: 'us-east-1',
    });
    expect(lookup.Properties.Update).toEqual(lookup.Properties.Create);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(template.toJSON().Parameters).not.toHaveProperty('WebAclArn');
    expect(template.toJSON().Conditions ?? {}).not.toHaveProperty('InUsEast1');
    // The lookup may read that one parameter, in us-east-1, and nothing else.
    const policy = (template.toJSON().Resources as Record<string, Resource>)[(lookup as { DependsOn?: string[] }).DependsOn![0]!]!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Action: 'ssm:GetParameter',
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ssm:us-east-1:', { Ref: 'AWS::AccountId' }, `:parameter${edgeWebAclParameterName('portal')}`]] },
      },
    ]);
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
    for (const output of ['WebUrl', 'OriginSecretArn', 'UserPoolId', 'UserPoolClientId', 'TableName', 'MqttTopicRoot', 'AlarmTopicArn']) {
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
