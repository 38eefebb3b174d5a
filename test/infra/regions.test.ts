import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ROUTES, routeKey, type RouteDefinition } from '@portal/shared/api/route-table';
import { CLOUDFRONT_LEGACY_LOGGING_REGIONS } from '../../infra/aws/web.construct.ts';
import { RATE_LIMITS, edgeWebAclParameterName, publicRoutePaths } from '../../infra/aws/web-acl.ts';
import { synthPortal, type Resource } from './support.ts';

// The same app with a fixed region (as `env.region` makes it), region by region. Each synthesis
// also runs cdk-nag, so every variant is asserted clean.
const milan = synthPortal({ region: 'eu-south-1' });
const frankfurt = synthPortal({ region: 'eu-central-1' });
const virginia = synthPortal({ region: 'us-east-1' });
// Without the edge stack: an operator's own web ACL by parameter, or none.
const noEdge = synthPortal({ context: { edge: 'false' } });

const distributionOf = (template: Template) =>
  (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties.DistributionConfig;

describe('CloudFront standard logs, by region', () => {
  it('go to the logs bucket in eu-central-1', () => {
    frankfurt.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: { Bucket: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebLogsBucket'), 'RegionalDomainName'] }, IncludeCookies: false, Prefix: 'cloudfront/' },
      }),
    });
  });

  it('are off in eu-south-1, where CloudFront delivers no standard logs to S3, with the reason acknowledged for cdk-nag', () => {
    expect(distributionOf(milan.template).Logging).toBeUndefined();
    const [distribution] = Object.values(milan.template.findResources('AWS::CloudFront::Distribution')) as Array<{ Metadata?: Record<string, any> }>;
    const acknowledged = JSON.stringify(distribution?.Metadata ?? {});
    expect(acknowledged).toContain('AwsSolutions-CFR3');
    expect(acknowledged).toContain('opt-in region');
  });

  it('are decided at synth for a known region: no condition left in the template', () => {
    for (const { template } of [milan, frankfurt]) {
      expect(Object.keys(template.toJSON().Conditions ?? {})).not.toContain('CloudFrontLegacyLoggingRegion');
    }
  });

  it('are expected in no opt-in region', () => {
    for (const optIn of ['af-south-1', 'ap-east-1', 'eu-south-1', 'me-south-1']) {
      expect(CLOUDFRONT_LEGACY_LOGGING_REGIONS).not.toContain(optIn);
    }
    expect(CLOUDFRONT_LEGACY_LOGGING_REGIONS).toContain('eu-central-1');
  });
});

describe('CloudFront names, by region', () => {
  it('differ between two regions of one account for the same stack', () => {
    const names = (template: Template) => [
      (Object.values(template.findResources('AWS::CloudFront::OriginAccessControl'))[0] as Resource).Properties.OriginAccessControlConfig.Name,
      (Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0] as Resource).Properties.ResponseHeadersPolicyConfig.Name,
    ];
    expect(names(milan.template)).toEqual(['Portal-portal-site-eu-south-1', 'Portal-portal-security-headers-eu-south-1']);
    expect(names(frankfurt.template)).toEqual(['Portal-portal-site-eu-central-1', 'Portal-portal-security-headers-eu-central-1']);
  });
});

describe('per-client rate limits (WAF)', () => {
  const rules = (template: Template) =>
    (Object.values(template.findResources('AWS::WAFv2::WebACL'))[0] as Resource).Properties.Rules as Array<Record<string, any>>;

  const edgeOf = (portal: typeof virginia) => Template.fromStack(portal.edgeStack!);

  it('are deployed by default: a CLOUDFRONT web ACL in PortalEdge-<deployment> (us-east-1), which every portal stack depends on and attaches', () => {
    for (const portal of [virginia, frankfurt, milan]) {
      expect(portal.edgeStack?.stackName).toBe('PortalEdge-portal');
      expect(portal.edgeStack?.region).toBe('us-east-1');
      expect(portal.stack.dependencies).toEqual([portal.edgeStack]);
      const acls = Object.values(edgeOf(portal).findResources('AWS::WAFv2::WebACL') as Record<string, Resource>);
      expect(acls).toHaveLength(1);
      expect(acls[0]!.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, Name: 'PortalEdge-portal-rate-limits' });
      // Its ARN in a parameter of a fixed name, which the portal stack reads at deploy (portal-stack.test.ts).
      edgeOf(portal).hasResourceProperties('AWS::SSM::Parameter', {
        Name: edgeWebAclParameterName('portal'),
        Type: 'String',
        Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RateLimitsWebAcl'), 'Arn'] },
      });
      portal.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
      expect(distributionOf(portal.template).WebACLId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^EdgeWebAclLookup/), 'Parameter.Value'] });
      expect(portal.template.toJSON().Parameters ?? {}).not.toHaveProperty('WebAclArn');
    }
  });

  it('are named per deployment: the edge stack and its parameter carry the name', () => {
    const staging = synthPortal({ context: { deployment: 'staging' } });
    expect(staging.edgeStack?.stackName).toBe('PortalEdge-staging');
    edgeOf(staging).hasResourceProperties('AWS::SSM::Parameter', { Name: '/portal/staging/edge/web-acl-arn' });
    expect(JSON.stringify(staging.template.toJSON())).toContain('/portal/staging/edge/web-acl-arn');
  });

  it('limit each client IP (not a forwarded header) on the public routes of the route table, the webhooks apart, and on everything', () => {
    const publicRoutes = (ROUTES as readonly RouteDefinition[]).filter((route) => route.access === 'public');
    const publicPaths = publicRoutes.filter((route) => !route.rawBody).map((route) => route.path);
    expect(publicPaths).toContain('/api/signup');
    expect(publicRoutePaths().map((p) => p.path).sort()).toEqual([...new Set(publicPaths)].sort());
    // Both webhook routes under one prefix match; sign-up's exact paths are not under it.
    expect(publicRoutes.filter((route) => route.rawBody).every((route) => route.path.startsWith('/api/hooks/'))).toBe(true);
    expect(publicRoutePaths(true)).toEqual([{ path: '/api/hooks/', match: 'STARTS_WITH' }]);
    expect(rules(edgeOf(virginia))).toEqual([
      {
        Name: 'PublicRoutesPerClient',
        Priority: 0,
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: expect.stringMatching(/-rate-limits-public-routes$/), SampledRequestsEnabled: true },
        Statement: {
          RateBasedStatement: {
            AggregateKeyType: 'IP',
            Limit: RATE_LIMITS.publicRoutesPerClient,
            EvaluationWindowSec: 300,
            ScopeDownStatement: {
              OrStatement: {
                Statements: publicRoutePaths().map(({ path }) => ({
                  ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY', SearchString: path, TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
                })),
              },
            },
          },
        },
      },
      {
        Name: 'WebhooksPerClient',
        Priority: 1,
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: expect.stringMatching(/-rate-limits-webhooks$/), SampledRequestsEnabled: true },
        Statement: {
          RateBasedStatement: {
            AggregateKeyType: 'IP',
            Limit: RATE_LIMITS.webhooksPerClient,
            EvaluationWindowSec: 300,
            ScopeDownStatement: {
              ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: '/api/hooks/', TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
            },
          },
        },
      },
      {
        Name: 'WebhooksPerPath',
        Priority: 2,
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: expect.stringMatching(/-rate-limits-webhooks-per-path$/), SampledRequestsEnabled: true },
        Statement: {
          RateBasedStatement: {
            // Whoever sends: the path names one trigger of one organisation.
            AggregateKeyType: 'CUSTOM_KEYS',
            CustomKeys: [{ UriPath: { TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
            Limit: RATE_LIMITS.webhooksPerPath,
            EvaluationWindowSec: 300,
            ScopeDownStatement: {
              ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: '/api/hooks/', TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
            },
          },
        },
      },
      {
        Name: 'AllRequestsPerClient',
        Priority: 3,
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: expect.stringMatching(/-rate-limits-all-requests$/), SampledRequestsEnabled: true },
        Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: RATE_LIMITS.allRequestsPerClient, EvaluationWindowSec: 300 } },
      },
    ]);
    expect(routeKey({ method: 'POST', path: '/api/signup' })).toBe('POST /api/signup');
  });

  it('read no body, so webhook bodies of any content type and size pass (the API checks them)', () => {
    const json = JSON.stringify(rules(edgeOf(virginia)));
    expect(json).not.toMatch(/"(Body|JsonBody|ManagedRuleGroupStatement|SizeConstraintStatement|XssMatchStatement|SqliMatchStatement)"/);
  });

  it('with -c edge=false are none of the stack\'s: it attaches the web ACL of the WebAclArn parameter when given', () => {
    expect(noEdge.edgeStack).toBeUndefined();
    expect(noEdge.stack.dependencies).toEqual([]);
    noEdge.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    noEdge.template.hasParameter('WebAclArn', { Type: 'String', Default: '' });
    expect(distributionOf(noEdge.template).WebACLId).toEqual({ 'Fn::If': ['HasWebAclArn', { Ref: 'WebAclArn' }, { Ref: 'AWS::NoValue' }] });
    expect(JSON.stringify(noEdge.template.toJSON().Resources)).not.toContain('getParameter');
  });
});
