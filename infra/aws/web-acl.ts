import { ArnFormat, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, type AwsSdkCall } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { ROUTES, type RouteDefinition } from '@portal/shared/api/route-table';

/**
 * Per-client rate limits in front of the portal, on CloudFront (AWS WAF, CLOUDFRONT scope). Only
 * CloudFront sees the client's address: API Gateway sees CloudFront's, so its throttling (per route,
 * api.construct.ts) caps the total, and this web ACL caps each client IP.
 *
 * Requests per client IP in WAF's sliding window of 5 minutes; over the limit, WAF answers 429 until
 * the rate drops. Public routes (access 'public' in the route table: sign-up) get the tight limit
 * automatically, the webhooks (public `rawBody` routes) their own.
 *
 * No rule reads a body: webhooks take JSON, forms, any content type or none, and a body-inspecting
 * managed rule (AWSManagedRulesCommonRuleSet's 8 KB body limit, its XSS patterns) would block the
 * fixed requests of a Flic hub or an alarm. The API checks size and content itself.
 */
export const RATE_LIMITS = {
  /** Every public route but the webhooks: a person signs up a few times at most. */
  publicRoutesPerClient: 100,
  /**
   * The webhooks: one IP can be a store's Flic hub or a vendor's cloud sending for many stores
   * (2 a second on average); per trigger, throttling is the trigger's own (429 with Retry-After).
   */
  webhooksPerClient: 600,
  /**
   * Each webhook URL path (one trigger of one organisation; with the secret in the URL, one per
   * secret), whoever sends: a trigger flooded from many addresses cannot take the API stage's one
   * webhook bucket (25/s) from the others. 1 a second on average; the trigger's own throttle
   * (Retry-After) is the finer limit behind it.
   */
  webhooksPerPath: 300,
  /** Everything (SPA files, config.json, the API): a busy office behind one NAT address stays well below. */
  allRequestsPerClient: 3000,
  windowSeconds: 300,
} as const;

/**
 * URI paths of the public routes as WAF byte matches: exact for a fixed path, the prefix up to the
 * first `{parameter}` otherwise (`/api/hooks/` for the webhooks). `webhooks`: the raw-body routes
 * alone, else the other public routes.
 */
export function publicRoutePaths(webhooks = false): Array<{ path: string; match: 'EXACTLY' | 'STARTS_WITH' }> {
  const paths = new Map<string, 'EXACTLY' | 'STARTS_WITH'>();
  for (const route of ROUTES as readonly RouteDefinition[]) {
    if (route.access !== 'public' || Boolean(route.rawBody) !== webhooks) continue;
    const parameter = route.path.indexOf('{');
    if (parameter === -1) paths.set(route.path, paths.get(route.path) ?? 'EXACTLY');
    else paths.set(route.path.slice(0, parameter), 'STARTS_WITH');
  }
  return [...paths].map(([path, match]) => ({ path, match }));
}

const TOO_MANY_REQUESTS: CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

function publicRoutesStatement(webhooks: boolean): CfnWebACL.StatementProperty {
  const statements = publicRoutePaths(webhooks).map(
    ({ path, match }): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: match,
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    }),
  );
  if (statements.length === 0) throw new Error(`The route table has no public ${webhooks ? 'webhook ' : ''}route to rate-limit`);
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

export interface PortalWebAclProps {
  /** Unique among the account's CLOUDFRONT web ACLs (they all live in us-east-1). */
  readonly name: string;
}

/** The portal's CLOUDFRONT-scope web ACL. Its stack must be in us-east-1 (a WAF rule for CloudFront). */
export class PortalWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: PortalWebAclProps) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.name,
      description: 'Staff portal per-client rate limits, public routes tighter',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.name}-acl`),
      rules: [
        {
          name: 'PublicRoutesPerClient',
          priority: 0,
          action: TOO_MANY_REQUESTS,
          visibilityConfig: visibility(`${props.name}-public-routes`),
          statement: {
            rateBasedStatement: {
              // The viewer's own address, not X-Forwarded-For (which a client can make up).
              aggregateKeyType: 'IP',
              limit: RATE_LIMITS.publicRoutesPerClient,
              evaluationWindowSec: RATE_LIMITS.windowSeconds,
              scopeDownStatement: publicRoutesStatement(false),
            },
          },
        },
        {
          name: 'WebhooksPerClient',
          priority: 1,
          action: TOO_MANY_REQUESTS,
          visibilityConfig: visibility(`${props.name}-webhooks`),
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: RATE_LIMITS.webhooksPerClient,
              evaluationWindowSec: RATE_LIMITS.windowSeconds,
              scopeDownStatement: publicRoutesStatement(true),
            },
          },
        },
        {
          name: 'WebhooksPerPath',
          priority: 2,
          action: TOO_MANY_REQUESTS,
          visibilityConfig: visibility(`${props.name}-webhooks-per-path`),
          statement: {
            rateBasedStatement: {
              // Keyed on the whole path, `/api/hooks/{orgId}/{triggerId}[/{secret}]`: WAF cannot key
              // on one segment of it, so per trigger, not per organisation (decision 0058).
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [{ uriPath: { textTransformations: [{ priority: 0, type: 'NONE' }] } }],
              limit: RATE_LIMITS.webhooksPerPath,
              evaluationWindowSec: RATE_LIMITS.windowSeconds,
              scopeDownStatement: publicRoutesStatement(true),
            },
          },
        },
        {
          name: 'AllRequestsPerClient',
          priority: 3,
          action: TOO_MANY_REQUESTS,
          visibilityConfig: visibility(`${props.name}-all-requests`),
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: RATE_LIMITS.allRequestsPerClient,
              evaluationWindowSec: RATE_LIMITS.windowSeconds,
            },
          },
        },
      ],
    });
  }
}

/** CloudFront's web ACLs live in this region, whatever region the portal stack is in. */
export const EDGE_REGION = 'us-east-1';

/** The SSM parameter (in us-east-1) where PortalEdge-<deployment> keeps its web ACL's ARN for the portal stack. */
export const edgeWebAclParameterName = (deploymentName: string) => `/portal/${deploymentName}/edge/web-acl-arn`;

export interface PortalEdgeStackProps extends StackProps {
  /** The portal stack that attaches the web ACL (in the output's description). */
  readonly portalStackName: string;
  /** The deployment's name: names the SSM parameter the portal stack reads. */
  readonly deploymentName: string;
}

/**
 * The portal's web ACL, in us-east-1 (decision 0058): synthesised by default, deployed before the
 * portal stack (which depends on it), whatever region that is in. The ACL's ARN goes into an SSM
 * parameter of a fixed name, which the portal stack reads at deploy (`EdgeWebAclArn`).
 */
export class PortalEdgeStack extends Stack {
  readonly webAcl: PortalWebAcl;
  readonly parameterName: string;

  constructor(scope: Construct, id: string, props: PortalEdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.webAcl = new PortalWebAcl(this, 'RateLimits', { name: `${this.stackName}-rate-limits` });
    this.parameterName = edgeWebAclParameterName(props.deploymentName);
    new StringParameter(this, 'WebAclArnParameter', {
      parameterName: this.parameterName,
      stringValue: this.webAcl.webAcl.attrArn,
      description: `The CLOUDFRONT web ACL of ${props.portalStackName}, read by that stack at deploy`,
    });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.webAcl.attrArn,
      description: `Attached to ${props.portalStackName}'s distribution (read from ${this.parameterName} at its deploy)`,
    });
  }
}

/**
 * In the portal stack: the ARN of the edge stack's web ACL, read from its SSM parameter in
 * us-east-1 at deploy by CDK's AwsCustomResource (the Lambda that already looks up the IoT endpoint).
 * The portal stack's template stays environment-agnostic: no cross-region export, no region at synth.
 */
export class EdgeWebAclArn extends Construct {
  readonly arn: string;

  constructor(scope: Construct, id: string, props: { parameterName: string }) {
    super(scope, id);
    const getParameter: AwsSdkCall = {
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: props.parameterName },
      region: EDGE_REGION,
      // The ARN changes only when the web ACL is replaced (a new name); then deploy the edge stack
      // and the portal stack with a changed parameter name, or replace this resource.
      physicalResourceId: PhysicalResourceId.of(props.parameterName),
      outputPaths: ['Parameter.Value'],
    };
    const lookup = new AwsCustomResource(this, 'Lookup', {
      onCreate: getParameter,
      onUpdate: getParameter,
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [
          Stack.of(this).formatArn({ service: 'ssm', region: EDGE_REGION, resource: 'parameter', resourceName: props.parameterName.slice(1), arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
        ],
      }),
      // The SDK in the Lambda runtime has GetParameter; no npm download at deploy time.
      installLatestAwsSdk: false,
    });
    this.arn = lookup.getResponseField('Parameter.Value');
  }
}
