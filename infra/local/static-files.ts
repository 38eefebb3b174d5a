import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { chooseEncoding, compress, isCompressible, type Encoding } from './compression.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

/** Vite's content-hashed files: never changed under the same name. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}
const files = new Map<string, CachedFile>();

/** A file's bytes, and each encoding of them made once on first request (until the file changes). */
function fileBody(file: string, encoding: Encoding | undefined): Buffer {
  const { mtimeMs, size } = statSync(file);
  let cached = files.get(file);
  if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
    cached = { mtimeMs, size, body: readFileSync(file), encoded: {} };
    files.set(file, cached);
  }
  if (!encoding) return cached.body;
  return (cached.encoded[encoding] ??= compress(cached.body, encoding, 'once'));
}

function sendFile(res: ServerResponse, file: string, cacheControl: string, acceptEncoding: string | undefined): void {
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const compressible = isCompressible(type, statSync(file).size);
  const encoding = compressible ? chooseEncoding(acceptEncoding) : undefined;
  const body = fileBody(file, encoding);
  res.writeHead(200, {
    'content-type': type,
    'cache-control': cacheControl,
    'content-length': String(body.length),
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(body);
}

/**
 * Serves the built SPA like the CloudFront distribution: hashed assets cached for a year as
 * immutable, everything else (index.html) revalidated; brotli or gzip as the browser asks;
 * extension-less paths fall back to index.html, a missing asset is a 404. Every type is named
 * (the portal sends `X-Content-Type-Options: nosniff`, so browsers do not guess).
 */
export function serveStatic(root: string, pathname: string, res: ServerResponse, acceptEncoding?: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = normalize(join(root, decoded));
  if (!file.startsWith(root + sep) && file !== root) {
    res.writeHead(400).end();
    return;
  }
  if (existsSync(file) && statSync(file).isFile()) {
    sendFile(res, file, pathname.startsWith(HASHED_ASSETS) ? IMMUTABLE : 'no-cache', acceptEncoding);
    return;
  }
  if (extname(pathname)) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain' }).end('The frontend is not built: run npm run build');
    return;
  }
  sendFile(res, index, 'no-cache', acceptEncoding);
}
