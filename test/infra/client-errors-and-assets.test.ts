import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { ROUTES } from '@portal/shared/api/route-table';
import { ASSET_ACTIONS, ASSET_BUCKET_ACTIONS, NONCURRENT_VERSION_DAYS } from '../../infra/aws/assets.construct.ts';
import { CLIENT_ERROR_ALARM } from '../../infra/aws/client-errors-alarm.ts';
import { DESCRIPTIONS, inspect, synthPortal, type Resource } from './support.ts';

// Synthesis runs cdk-nag and throws on any unacknowledged finding: a clean build is asserted too.
const { template } = synthPortal();
const { functions, fnByDescription, statementsOf, variablesOf } = inspect(template);
const resources = (type: string) => Object.entries(template.findResources(type) as Record<string, Resource>);
const assetsBucketId = () => resources('AWS::S3::Bucket').find(([id]) => id.startsWith('AssetsBucket'))![0];

describe('browser error reports on AWS', () => {
  it("counts the client_error lines of the client-errors function's own log group", () => {
    const [, fn] = fnByDescription(DESCRIPTIONS.apiModule('client-errors'));
    const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    const filters = resources('AWS::Logs::MetricFilter');
    expect(filters).toHaveLength(1);
    expect(filters[0]![1].Properties).toEqual({
      LogGroupName: { Ref: logGroupId },
      FilterPattern: '{ $.message = "client_error" }',
      MetricTransformations: [{ MetricNamespace: 'Portal/portal', MetricName: 'ClientErrors', MetricValue: '1', DefaultValue: 0 }],
    });
  });

  it("alarms the stack's alarm topic on more than the threshold in five minutes, and not on silence", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      // The deployment's own namespace: two deployments in one account count apart (issue 27).
      Namespace: 'Portal/portal',
      MetricName: 'ClientErrors',
      Statistic: 'Sum',
      Period: 300,
      Threshold: CLIENT_ERROR_ALARM.threshold,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^AlarmTopic') }],
    });
  });

  it('takes reports without the JWT authorizer and throttles the route as a public one', () => {
    const route = resources('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === 'POST /api/client-errors')![1];
    expect(route.Properties.AuthorizationType).toBe('NONE');
    const stage = resources('AWS::ApiGatewayV2::Stage')[0]![1];
    expect(stage.Properties.RouteSettings['POST /api/client-errors']).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    expect(ROUTES.find((r) => r.path === '/api/client-errors')?.access).toBe('public');
  });
});

describe('the assets bucket (organisation logos)', () => {
  it('is private, encrypted, versioned (old versions expire), logged and retained', () => {
    const [, bucket] = resources('AWS::S3::Bucket').find(([id]) => id === assetsBucketId())!;
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { LogFilePrefix: 'assets-bucket/' },
      // A replaced logo's old version is kept 30 days, not forever (issue 27).
      LifecycleConfiguration: {
        Rules: [{ Id: 'ExpireReplacedVersions', Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_VERSION_DAYS }, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }],
      },
    });
    expect((bucket as Resource & { DeletionPolicy?: string }).DeletionPolicy).toBe('Retain');
  });

  it('refuses every request that is not over TLS', () => {
    const policy = resources('AWS::S3::BucketPolicy').find(([, p]) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: assetsBucketId() }))![1];
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Action: 's3:*', Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Principal: { AWS: '*' } }),
    );
  });

  it('is reachable by the settings function alone, with get, put and delete on organisation keys and list on the bucket', () => {
    const objects = { 'Fn::Join': ['', [{ 'Fn::GetAtt': [assetsBucketId(), 'Arn'] }, '/orgs/*']] };
    const bucketArn = { 'Fn::GetAtt': [assetsBucketId(), 'Arn'] };
    for (const [, fn] of functions()) {
      const s3 = statementsOf(fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
      if (/^Portal API module 'settings'$/.test(fn.Properties.Description ?? '')) {
        // s3:ListBucket so that a missing logo is NoSuchKey (404), not AccessDenied (403).
        expect(s3).toEqual([
          { Action: [...ASSET_ACTIONS].sort(), Effect: 'Allow', Resource: objects },
          { Action: ASSET_BUCKET_ACTIONS[0], Effect: 'Allow', Resource: bucketArn },
        ]);
        expect(variablesOf(fn).ASSETS_BUCKET).toEqual({ Ref: assetsBucketId() });
      } else {
        // The CDK-provided deployment Lambda writes the site bucket, never the assets one.
        expect(JSON.stringify(s3)).not.toContain(assetsBucketId());
        expect(variablesOf(fn)).not.toHaveProperty('ASSETS_BUCKET');
      }
    }
  });
});
