import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  ViewerProtocolPolicy,
  type CfnDistribution,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET } from '@portal/shared/api/origin-secret';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { logicalIdOfArn, nagRegion } from './logical-id.ts';
import { inRegion, regionIn } from './region.ts';
import { securityHeadersPolicy } from './response-headers.ts';

export interface WebConstructProps {
  /** Directory of the built SPA (Vite's `frontend/dist`); tests pass a temp directory. */
  readonly frontendDistPath: string;
  readonly httpApi: IHttpApi;
  /** Written as `/config.json`, the same shape the local runtime serves. */
  readonly runtimeConfig: RuntimeConfig;
  /** Origins the SPA connects to besides its own (CSP connect-src): Cognito and the IoT WebSocket endpoint. */
  readonly connectSrc: readonly string[];
  /** A CLOUDFRONT-scope WAF web ACL for the distribution (a token; may resolve to AWS::NoValue). */
  readonly webAclId?: string;
  /** Sent to the API origin in ORIGIN_SECRET.header; the API refuses requests without it (decision 0058). */
  readonly originSecret: ISecret;
  /**
   * Sent beside it in ORIGIN_GENERATION_HEADER: a new value changes the distribution, so that
   * CloudFormation reads the secret again (a rotation, docs/deploy.md); the API ignores it.
   */
  readonly originHeaderGeneration: string;
}

/** The rotation count CloudFront sends with the origin secret (not secret; the API ignores it). */
export const ORIGIN_GENERATION_HEADER = 'x-origin-header-generation';

/**
 * Regions whose S3 buckets CloudFront's standard logging (legacy) delivers to: the regions enabled
 * by default in every account. CloudFront does not deliver these logs to buckets in opt-in regions
 * (af-south-1, ap-east-1, eu-south-1, me-south-1 and the later ones), so there the distribution has
 * no standard logs (docs/decisions/0013-aws-hardening.md); an unlisted new region falls on the safe
 * side: no logging rather than a failing deploy.
 */
export const CLOUDFRONT_LEGACY_LOGGING_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
] as const;

const LOG_PREFIX = 'cloudfront/';

/**
 * Extension-less paths are client-side routes: serve the SPA shell. Files (assets, config.json)
 * pass through, and /api/* never reaches this function (own behaviour), so API 404s stay 404s.
 */
const SPA_ROUTING = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** Vite puts content-hashed files here; they never change under the same name. */
const HASHED_ASSETS = 'assets/*';
const CONFIG_FILE = 'config.json';

/** The SPA on S3 + CloudFront, with the API on the same origin under /api. */
export class WebConstruct extends Construct {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly logsBucket: Bucket;

  constructor(scope: Construct, id: string, props: WebConstructProps) {
    super(scope, id);

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes through bucket ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination of the site bucket and (where CloudFront delivers standard logs) of the distribution; logging it into itself would log its own log writes.',
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Explicit RETAIN: deleting the stack must not fail on a non-empty bucket.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const stack = Stack.of(this);
    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(SPA_ROUTING),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    // CloudFront names are global to the account: the region keeps a second deployment of the same
    // stack name in another region from colliding (CDK's default names omit it).
    const originAccessControl = new S3OriginAccessControl(this, 'SiteOriginAccessControl', {
      originAccessControlName: `${stack.stackName}-site-${stack.region}`,
      description: 'CloudFront reads the SPA from the site bucket (SigV4)',
    });
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${stack.stackName}-security-headers-${stack.region}`,
      comment: 'Security headers of the SPA and the API (shared/src/api/security-headers.ts)',
      ...securityHeadersPolicy({ connectSrc: props.connectSrc }),
    });

    const apiDomain = `${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    // CloudFront compresses only under a cache policy with gzip and brotli on, and a policy whose
    // TTLs are all 0 turns caching and with it compression off (CachingDisabled). So: TTLs 0/0/1,
    // which cache nothing the API answers (every answer says no-store, responses.ts, and one without
    // Cache-Control gets the default, 0), keyed on the caller's token and the query string so that
    // even a cached answer could never reach another caller (decision 0023).
    const apiCachePolicy = new CachePolicy(this, 'ApiCachePolicy', {
      cachePolicyName: `${stack.stackName}-api-${stack.region}`,
      comment: 'API: nothing cached (no-store, default TTL 0); compressed; keyed on Authorization and the query string',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const logging = regionIn(this, 'CloudFrontLegacyLoggingRegion', CLOUDFRONT_LEGACY_LOGGING_REGIONS);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Staff portal (${stack.stackName})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(logging === false ? {} : { enableLogging: true, logBucket: this.logsBucket, logFilePrefix: LOG_PREFIX, logIncludesCookies: false }),
      webAclId: props.webAclId,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket, { originAccessControl }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // The API answers only requests carrying the origin secret (decision 0058). A dynamic
            // reference: CloudFormation puts the value into the distribution at deploy; it is in no
            // template, no output and no function's environment.
            customHeaders: {
              [ORIGIN_SECRET.header]: props.originSecret.secretValue.unsafeUnwrap(),
              [ORIGIN_GENERATION_HEADER]: props.originHeaderGeneration,
            },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Authorization reaches the API as part of the cache key; the other viewer headers through
          // this policy (the Host header must stay the API's own for API Gateway to accept the request).
          cachePolicy: apiCachePolicy,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          // The same headers as the SPA: nosniff, HSTS, no framing of API answers.
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    if (typeof logging !== 'boolean') {
      // Region unknown at synth: CloudFormation decides, on AWS::Region.
      (this.distribution.node.defaultChild as CfnDistribution).addPropertyOverride(
        'DistributionConfig.Logging',
        inRegion(logging, { Bucket: this.logsBucket.bucketRegionalDomainName, IncludeCookies: false, Prefix: LOG_PREFIX }, Aws.NO_VALUE),
      );
    }

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: the portal serves staff wherever they work. Operators with a known country list add geoRestriction here.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'No custom domain yet, so the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes (TLSv1); set certificate, domainNames and minimumProtocolVersion TLS_V1_2_2021 together when a domain is added.',
      },
      ...(logging === false
        ? [
            {
              id: 'AwsSolutions-CFR3',
              reason: `CloudFront's standard logging (legacy) does not deliver to S3 buckets in ${stack.region} (an opt-in region) and standard logging v2 must be set up in us-east-1; requests to /api are in the API's access logs and origin reads in the site bucket's server access logs (docs/decisions/0013-aws-hardening.md).`,
            },
          ]
        : []),
    );
    this.deployContent(props);
  }

  /**
   * Three uploads so nothing stale is served: hashed assets are kept forever (an open tab may still
   * load an old chunk), the shell (index.html, ...) is revalidated on every load, and config.json
   * is written from deploy-time values and never pruned by the other two.
   */
  private deployContent(props: WebConstructProps): void {
    const site = Source.asset(props.frontendDistPath);
    // One log group for the shared deployment handler, with the same retention as the others.
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: RetentionDays.ONE_MONTH });

    const assets = new BucketDeployment(this, 'DeployAssets', {
      logGroup,
      sources: [site],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: [HASHED_ASSETS],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });

    const shell = new BucketDeployment(this, 'DeployShell', {
      logGroup,
      sources: [site],
      destinationBucket: this.siteBucket,
      // Excluded files are neither uploaded nor pruned by this deployment.
      exclude: [HASHED_ASSETS, CONFIG_FILE],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html must not go live before the chunks it references, nor before the
    // config.json it reads at start (a new shell with the old configuration could not sign in).
    shell.node.addDependency(assets);

    const config = new BucketDeployment(this, 'DeployRuntimeConfig', {
      logGroup,
      sources: [Source.jsonData(CONFIG_FILE, props.runtimeConfig)],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: [`/${CONFIG_FILE}`],
    });
    shell.node.addDependency(config);

    acknowledgeDeploymentHandler(assets, this.siteBucket);
  }
}

/**
 * All BucketDeployments of a stack share one CDK-provided singleton Lambda; its role and runtime
 * are set by CDK, not by us. Acknowledged on that singleton (the parent of its role), nowhere else.
 */
function acknowledgeDeploymentHandler(deployment: BucketDeployment, siteBucket: Bucket): void {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) return;
  const because = "CDK's BucketDeployment handler (copies the built SPA from the CDK asset bucket to the site bucket)";
  Validations.of(handler).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: `${because} gets the basic execution managed policy (CloudWatch Logs only) from the construct.`,
    },
    ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: `${because} is granted S3 read/write/delete action groups by the construct, limited to the asset and site buckets.`,
    })),
    {
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${nagRegion(siteBucket)}/*]`,
      reason: `${because} reads objects of the CDK bootstrap asset bucket.`,
    },
    {
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOfArn(siteBucket, siteBucket.bucketArn)}.Arn>/*]`,
      reason: `${because} writes and prunes objects of the site bucket.`,
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `${because} needs cloudfront:CreateInvalidation/GetInvalidation, granted by the construct on "*".`,
    },
    {
      id: 'AwsSolutions-L1',
      reason: `${because} uses the Python runtime CDK pins for it; it is raised by upgrading aws-cdk-lib.`,
    },
  );
}
