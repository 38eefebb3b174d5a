import { mkdtempSync, rmSync } from 'node:fs';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { allowAll, checkCall, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, forwardRequest, startHttpServer } from './aws-http.ts';
import { sigV4Credential } from './sigv4.ts';
import { bucketArn, s3Access } from './s3-actions.ts';

export interface S3EmulatorOptions extends AuthorizingOptions {
  /** Buckets made at start, as the template's. */
  buckets?: string[];
}

export interface S3Emulator {
  endpoint: string;
  close(): Promise<void>;
  /** Makes a bucket as the template would (no authorization); answers its ARN. */
  createBucket(name: string): Promise<string>;
  calls: CallRecord[];
}

/** The query parameters of a presigned URL, removed before s3rver sees the request. */
const PRESIGN = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Security-Token'];

function writeS3Error(res: ServerResponse, fault: AwsFault, head = false): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${fault.code}</Code><Message>${fault.message.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</Message><RequestId>${crypto.randomUUID()}</RequestId></Error>`;
  res.writeHead(fault.status, { 'content-type': 'application/xml', 'content-length': head ? 0 : Buffer.byteLength(xml) });
  res.end(head ? undefined : xml);
}
const accessDenied = () => new AwsFault(403, 'AccessDenied', 'Access Denied');

/** The payload of an `aws-chunked` body (the SDK's streaming uploads), without chunk signatures and trailers. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Bucket and key from a path-style URL or a virtual-hosted one (`<bucket>.localhost`). */
function target(host: string, path: string): { bucket?: string; key?: string } {
  const hostname = host.replace(/:\d+$/, '');
  const virtual = hostname.match(/^(.+)\.(localhost|127\.0\.0\.1)$/)?.[1];
  const segments = path.slice(1);
  if (virtual) return { bucket: virtual, ...(segments ? { key: decodeURIComponent(segments) } : {}) };
  const slash = segments.indexOf('/');
  if (!segments) return {};
  if (slash < 0) return { bucket: decodeURIComponent(segments) };
  const key = decodeURIComponent(segments.slice(slash + 1));
  return { bucket: decodeURIComponent(segments.slice(0, slash)), ...(key ? { key } : {}) };
}

/**
 * S3 as s3rver answers it, behind a proxy that asks `authorize` for each request's IAM action on its
 * bucket or object ARN (from method, path and sub-resource) and strips the signature s3rver would
 * check against its own key. A GET/HEAD of a missing key is a 403, as on AWS, unless the caller may
 * s3:ListBucket.
 */
export async function startS3Emulator(options: S3EmulatorOptions = {}): Promise<S3Emulator> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: (options.buckets ?? []).map((name) => ({ name })) });
  const { port: upstreamPort } = await s3rver.run();

  const forward = (method: string, path: string, headers: OutgoingHttpHeaders, body: Buffer) => forwardRequest({ hostname: '127.0.0.1', port: upstreamPort }, method, path, headers, body);

  const server = await startHttpServer(async (req, rawBody, res) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const head = method === 'HEAD';
    const credential = sigV4Credential(req.headers, url.searchParams);
    const { bucket, key } = target(String(req.headers.host ?? ''), url.pathname);
    // Buckets here are private: an unsigned request is refused as an anonymous one would be.
    if (!credential) return writeS3Error(res, accessDenied(), head);
    const streaming = String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-') || String(req.headers['content-encoding'] ?? '').includes('aws-chunked');
    const body = streaming ? unchunk(rawBody) : rawBody;
    const accesses = s3Access(method, bucket, key, url.searchParams, body);
    const copySource = req.headers['x-amz-copy-source'];
    if (copySource && method === 'PUT') accesses.push({ action: 's3:GetObject', resources: [`arn:aws:s3:::${decodeURIComponent(String(copySource).replace(/^\//, '').split('?')[0]!)}`] });
    for (const access of accesses) {
      if (!checkCall(authorize, calls, { service: 's3', ...access, accessKeyId: credential.accessKeyId }).allowed) return writeS3Error(res, accessDenied(), head);
    }

    for (const name of PRESIGN) url.searchParams.delete(name);
    // The body is forwarded whole, with its length: the caller's framing and signature do not apply.
    const { authorization: _signature, 'x-amz-decoded-content-length': _decoded, 'transfer-encoding': _framing, connection: _keepAlive, ...headers } = req.headers;
    if (streaming) {
      headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      const encoding = String(headers['content-encoding'] ?? '').split(',').map((e) => e.trim()).filter((e) => e && e !== 'aws-chunked');
      if (encoding.length) headers['content-encoding'] = encoding.join(', ');
      else delete headers['content-encoding'];
      for (const trailer of String(headers['x-amz-trailer'] ?? '').split(',').filter(Boolean)) delete headers[trailer.trim()];
      delete headers['x-amz-trailer'];
    }
    const path = `/${[bucket, key].filter((p) => p !== undefined).map((p) => encodeURIComponent(p!).replaceAll('%2F', '/')).join('/')}${url.search}`;
    const answer = await forward(method, path, headers, body);
    const missingObject = answer.status === 404 && key !== undefined && (method === 'GET' || head);
    if (missingObject && !checkCall(authorize, calls, { service: 's3', action: 's3:ListBucket', resources: [bucketArn(bucket!)], accessKeyId: credential.accessKeyId }).allowed) {
      return writeS3Error(res, accessDenied(), head);
    }
    const { 'transfer-encoding': _chunked, connection: _connection, ...answerHeaders } = answer.headers;
    res.writeHead(answer.status, { ...answerHeaders, 'content-length': head ? answer.headers['content-length'] : String(answer.body.length) });
    res.end(head ? undefined : answer.body);
  }, (res, fault) => writeS3Error(res, fault));

  const createBucket = async (name: string) => {
    const answer = await forward('PUT', `/${encodeURIComponent(name)}`, {}, Buffer.alloc(0));
    if (answer.status !== 200) throw new Error(`s3rver refused bucket ${name}: ${answer.body.toString('utf8')}`);
    return bucketArn(name);
  };

  return {
    ...server,
    close: async () => {
      await server.close();
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
    createBucket,
    calls,
  };
}
