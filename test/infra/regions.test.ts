import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ROUTES, routeKey, type RouteDefinition } from '@portal/shared/api/route-table';
import { CLOUDFRONT_LEGACY_LOGGING_REGIONS } from '../../infra/aws/web.construct.ts';
import { RATE_LIMITS, publicRoutePaths } from '../../infra/aws/web-acl.ts';
import { synthPortal, type Resource } from './support.ts';

// The same app with a fixed region (as `env.region` makes it), region by region. Each synthesis
// also runs cdk-nag, so every variant is asserted clean.
const milan = synthPortal({ region: 'eu-south-1' });
const frankfurt = synthPortal({ region: 'eu-central-1' });
const virginia = synthPortal({ region: 'us-east-1', context: { edge: 'true' } });

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

  it('are a CLOUDFRONT web ACL in the stack itself in us-east-1, attached to the distribution', () => {
    const acls = Object.entries(virginia.template.findResources('AWS::WAFv2::WebACL') as Record<string, Resource>);
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Condition).toBeUndefined();
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, Name: 'Portal-portal-rate-limits' });
    expect(distributionOf(virginia.template).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(virginia.template.toJSON().Parameters).not.toHaveProperty('WebAclArn');
  });

  it('limit each client IP (not a forwarded header) on the public routes of the route table, the webhooks apart, and on everything', () => {
    const publicRoutes = (ROUTES as readonly RouteDefinition[]).filter((route) => route.access === 'public');
    const publicPaths = publicRoutes.filter((route) => !route.rawBody).map((route) => route.path);
    expect(publicPaths).toContain('/api/signup');
    expect(publicRoutePaths().map((p) => p.path).sort()).toEqual([...new Set(publicPaths)].sort());
    // Both webhook routes under one prefix match; sign-up's exact paths are not under it.
    expect(publicRoutes.filter((route) => route.rawBody).every((route) => route.path.startsWith('/api/hooks/'))).toBe(true);
    expect(publicRoutePaths(true)).toEqual([{ path: '/api/hooks/', match: 'STARTS_WITH' }]);
    expect(rules(virginia.template)).toEqual([
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
        Name: 'AllRequestsPerClient',
        Priority: 2,
        Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
        VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: expect.stringMatching(/-rate-limits-all-requests$/), SampledRequestsEnabled: true },
        Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: RATE_LIMITS.allRequestsPerClient, EvaluationWindowSec: 300 } },
      },
    ]);
    expect(routeKey({ method: 'POST', path: '/api/signup' })).toBe('POST /api/signup');
  });

  it('read no body, so webhook bodies of any content type and size pass (the API checks them)', () => {
    const json = JSON.stringify(rules(virginia.template));
    expect(json).not.toMatch(/"(Body|JsonBody|ManagedRuleGroupStatement|SizeConstraintStatement|XssMatchStatement|SqliMatchStatement)"/);
  });

  it('are not created by a stack outside us-east-1; it attaches the web ACL of the WebAclArn parameter when given', () => {
    for (const { template } of [milan, frankfurt]) {
      template.resourceCountIs('AWS::WAFv2::WebACL', 0);
      template.hasParameter('WebAclArn', { Type: 'String', Default: '' });
      expect(distributionOf(template).WebACLId).toEqual({ 'Fn::If': ['HasWebAclArn', { Ref: 'WebAclArn' }, { Ref: 'AWS::NoValue' }] });
    }
  });

  it('for such a stack come from PortalEdge-<deployment> in us-east-1 (-c edge=true), with the same rules', () => {
    expect(virginia.edgeStack).toBeDefined();
    const edge = Template.fromStack(virginia.edgeStack!);
    expect(virginia.edgeStack!.stackName).toBe('PortalEdge-portal');
    expect(virginia.edgeStack!.region).toBe('us-east-1');
    edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    edge.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', Name: 'PortalEdge-portal-rate-limits' });
    const withoutMetrics = (list: Array<Record<string, any>>) => list.map(({ VisibilityConfig: _, ...rule }) => rule);
    expect(withoutMetrics(rules(edge))).toEqual(withoutMetrics(rules(virginia.template)));
    edge.hasOutput('WebAclArn', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RateLimitsWebAcl'), 'Arn'] } });
    expect(milan.edgeStack).toBeUndefined();
  });
});
