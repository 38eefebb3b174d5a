/** The IAM action a REST S3 request needs, with the bucket or object ARNs it acts on. */
export interface S3Access {
  action: string;
  resources: string[];
}

export const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;
export const objectArn = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;

/** Sub-resources (query parameters) that change the action, bucket level and object level. */
const BUCKET_GET: Record<string, string> = { location: 'GetBucketLocation', versions: 'ListBucketVersions', uploads: 'ListBucketMultipartUploads', policy: 'GetBucketPolicy', versioning: 'GetBucketVersioning', cors: 'GetBucketCORS', tagging: 'GetBucketTagging', acl: 'GetBucketAcl', lifecycle: 'GetLifecycleConfiguration', notification: 'GetBucketNotification' };
const BUCKET_PUT: Record<string, string> = { policy: 'PutBucketPolicy', versioning: 'PutBucketVersioning', cors: 'PutBucketCORS', tagging: 'PutBucketTagging', acl: 'PutBucketAcl', lifecycle: 'PutLifecycleConfiguration', notification: 'PutBucketNotification' };
const OBJECT_GET: Record<string, string> = { acl: 'GetObjectAcl', tagging: 'GetObjectTagging', uploadId: 'ListMultipartUploadParts' };
const OBJECT_PUT: Record<string, string> = { acl: 'PutObjectAcl', tagging: 'PutObjectTagging' };

const sub = (query: URLSearchParams, table: Record<string, string>) => Object.keys(table).find((name) => query.has(name));

/**
 * From method, bucket, key and query string, as the S3 actions table maps REST operations
 * (a multipart upload is s3:PutObject throughout; DeleteObjects is s3:DeleteObject on each key).
 */
export function s3Access(method: string, bucket: string | undefined, key: string | undefined, query: URLSearchParams, body: Buffer): S3Access[] {
  if (!bucket) return [{ action: 's3:ListAllMyBuckets', resources: ['*'] }];
  const only = (action: string, resource: string) => [{ action: `s3:${action}`, resources: [resource] }];
  if (!key) {
    const bucketResource = bucketArn(bucket);
    if (method === 'GET' || method === 'HEAD') {
      const name = sub(query, BUCKET_GET);
      return only(name ? BUCKET_GET[name]! : 'ListBucket', bucketResource);
    }
    if (method === 'PUT') {
      const name = sub(query, BUCKET_PUT);
      return only(name ? BUCKET_PUT[name]! : 'CreateBucket', bucketResource);
    }
    if (method === 'POST' && query.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>'));
      return [{ action: 's3:DeleteObject', resources: keys.map((k) => objectArn(bucket, k)) }];
    }
    if (method === 'DELETE') return only(query.has('policy') ? 'DeleteBucketPolicy' : query.has('cors') ? 'PutBucketCORS' : 'DeleteBucket', bucketResource);
    return only(`${method}Bucket`, bucketResource);
  }
  const resource = objectArn(bucket, key);
  if (method === 'GET' || method === 'HEAD') {
    const name = sub(query, OBJECT_GET);
    return only(name ? OBJECT_GET[name]! : query.has('versionId') ? 'GetObjectVersion' : 'GetObject', resource);
  }
  if (method === 'PUT' || method === 'POST') {
    const name = method === 'PUT' ? sub(query, OBJECT_PUT) : undefined;
    return only(name ? OBJECT_PUT[name]! : 'PutObject', resource);
  }
  if (method === 'DELETE') return only(query.has('uploadId') ? 'AbortMultipartUpload' : query.has('versionId') ? 'DeleteObjectVersion' : 'DeleteObject', resource);
  return only(`${method}Object`, resource);
}
