import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { logicalIdOfArn } from './logical-id.ts';

/** The key prefix of organisation objects (functions/src/settings/logo.service.ts: `orgs/{orgId}/logo`). */
export const ASSET_KEY_PREFIX = 'orgs/';

/** The object actions the settings function calls through the storage port (s3.adapter.ts). */
export const ASSET_ACTIONS = ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'] as const;

/**
 * On the bucket itself, and called by nobody: S3 answers a GetObject of a missing key with 404
 * NoSuchKey only to a caller who may s3:ListBucket, else with 403 AccessDenied. Without it, reading
 * the logo of an organisation that has none (the sidebar does on every page) failed with 500 on AWS
 * (found by test/aws-emulated/i-kiosk-button-and-logo.test.ts, issue 27).
 */
export const ASSET_BUCKET_ACTIONS = ['s3:ListBucket'] as const;

/** How long a replaced or deleted object's old version is kept (an operator can restore it meanwhile). */
export const NONCURRENT_VERSION_DAYS = 30;

export interface AssetsConstructProps {
  /** Where the bucket's server access logs go (the web construct's log bucket). */
  readonly accessLogsBucket: IBucket;
}

/**
 * Organisation uploads (the logo today): a private bucket, encrypted at rest, reachable over TLS only,
 * never public and never behind CloudFront: the API reads it for members of the organisation
 * (decision 0019). Retained with the stack: an organisation's logo outlives a redeploy.
 */
export class AssetsConstruct extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: AssetsConstructProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      // Versioning guards against a mistaken overwrite; a replaced logo is not kept forever.
      lifecycleRules: [{ id: 'ExpireReplacedVersions', noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'assets-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * Exactly the storage port's object actions, on organisation keys only, s3:ListBucket on the bucket
   * (so a missing logo is a 404, ASSET_BUCKET_ACTIONS), and the bucket's name as ASSETS_BUCKET.
   */
  grantObjects(fn: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: [...ASSET_ACTIONS], resources: [this.bucket.arnForObjects(`${ASSET_KEY_PREFIX}*`)] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: [...ASSET_BUCKET_ACTIONS], resources: [this.bucket.bucketArn] }));
    fn.addEnvironment('ASSETS_BUCKET', this.bucket.bucketName);
    const bucketId = logicalIdOfArn(this, this.bucket.bucketArn);
    if (fn.role && bucketId) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${ASSET_KEY_PREFIX}*]`,
        reason: 'Object keys are orgs/{orgId}/..., one per organisation, created at run time; the organisation is checked by the HTTP preset before any object is touched.',
      });
    }
  }
}
