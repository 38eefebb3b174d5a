import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** As CloudFront: bodies from 1,000 bytes, of the types it compresses. */
const MIN_BYTES = 1000;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/** The encoding to answer with from Accept-Encoding: brotli before gzip at equal weight, none when both are refused or absent. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding | undefined>((chosen, encoding) => {
    const w = weight(encoding);
    return w > 0 && (!chosen || w > weight(chosen)) ? encoding : chosen;
  }, undefined);
  return best;
}

export function isCompressible(contentType: string | undefined, bytes: number): boolean {
  return bytes >= MIN_BYTES && contentType !== undefined && COMPRESSIBLE.test(contentType);
}

/** `once`: static files, compressed once at the best ratio; otherwise a per-response level that stays fast. */
export function compress(body: Buffer, encoding: Encoding, effort: 'once' | 'per-response'): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: effort === 'once' ? constants.Z_BEST_COMPRESSION : constants.Z_DEFAULT_COMPRESSION });
}

/** A response body (API JSON, /config.json), compressed as the request asks when it is worth it. */
export function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | undefined): void {
  const type = headers['content-type'];
  const compressible = body !== undefined && !headers['content-encoding'] && isCompressible(typeof type === 'string' ? type : undefined, body.length);
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  const sent = body && encoding ? compress(body, encoding, 'per-response') : body;
  res.writeHead(status, {
    ...headers,
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(sent);
}
