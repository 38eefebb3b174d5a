import { describe, expect, it } from 'vitest';
import { sigV4Credential } from './sigv4.ts';

describe('SigV4 credential', () => {
  it('reads the access key id and scope from the Authorization header', () => {
    const authorization = 'AWS4-HMAC-SHA256 Credential=AKIDFN1/20261128/eu-central-1/sqs/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc';
    expect(sigV4Credential({ authorization })).toEqual({ accessKeyId: 'AKIDFN1', date: '20261128', region: 'eu-central-1', service: 'sqs' });
  });

  it('reads a presigned URL, and refuses anything else', () => {
    const query = new URLSearchParams({ 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Credential': 'AKIDFN2/20261128/eu-central-1/s3/aws4_request' });
    expect(sigV4Credential({}, query)?.accessKeyId).toBe('AKIDFN2');
    expect(sigV4Credential({})).toBeUndefined();
    expect(sigV4Credential({ authorization: 'AWS AKID:signature' })).toBeUndefined();
    expect(sigV4Credential({ authorization: 'AWS4-HMAC-SHA256 Credential=AKID/2026/eu-central-1/sqs/aws4_request' })).toBeUndefined();
  });
});
