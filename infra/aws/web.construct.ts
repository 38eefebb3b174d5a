import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
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
  ViewerProtocolPolicy,
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
import { Construct } from 'constructs';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';
import { logicalIdOfArn } from './logical-id.ts';

export interface WebConstructProps {
  /** Directory of the built SPA (Vite's `frontend/dist`); tests pass a temp directory. */
  readonly frontendDistPath: string;
  readonly httpApi: IHttpApi;
  /** Written as `/config.json`, the same shape the local runtime serves. */
  readonly runtimeConfig: RuntimeConfig;
}

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
      reason: 'This is the access-log destination of the site bucket and CloudFront; logging it into itself would log its own log writes.',
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

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(SPA_ROUTING),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    const region = Stack.of(this).region;
    const apiDomain = `${props.httpApi.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Staff portal',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // With caching disabled CloudFront forwards the Authorization header via this policy;
          // the Host header must stay the API's own for API Gateway to accept the request.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: the portal serves staff wherever they work. Operators with a known country list add geoRestriction here.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'No AWS WAF web ACL by default (a CLOUDFRONT-scope ACL must live in us-east-1 and is billed per rule); operators attach one via webAclId. The API is throttled at its stage.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'No custom domain yet, so the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes (TLSv1); set certificate, domainNames and minimumProtocolVersion TLS_V1_2_2021 together when a domain is added.',
      },
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
    // The new index.html must not go live before the chunks it references.
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
    config.node.addDependency(shell);

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
      id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
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
