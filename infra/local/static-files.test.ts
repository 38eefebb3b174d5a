import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, sendBody } from './compression.ts';
import { serveStatic } from './static-files.ts';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0', 'br'],
    ['', undefined],
    [undefined, undefined],
  ])('%s gives %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

/** The local server's static files and JSON over real HTTP, as a browser gets them. */
describe('static files and JSON over HTTP', () => {
  const dist = mkdtempSync(join(tmpdir(), 'static-files-'));
  const script = `export const text = ${JSON.stringify('portal '.repeat(2000))};\n`;
  const json = { items: Array.from({ length: 100 }, (_, i) => ({ id: `user-${i}`, name: 'A name to compress' })) };
  let server: Server;
  let port: number;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4000, 7));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Portal</title>${'<!-- x -->'.repeat(200)}`);
    server = createServer((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      if (pathname === '/api/list') return sendBody(req, res, 200, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(json)));
      serveStatic(dist, pathname, res, req.headers['accept-encoding']);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  /** node:http, not fetch: fetch would decode the body and hide what the server sent. */
  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('sends hashed assets brotli-compressed with a one-year immutable cache', async () => {
    const { headers, body } = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a browser that asks for gzip only, and the bytes as they are to one that asks for neither', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends index.html (and client routes) with no-cache, compressed', async () => {
    for (const path of ['/', '/signin', '/org-1/notifications']) {
      const { headers, body } = await get(path, 'br');
      expect(headers['cache-control'], path).toBe('no-cache');
      expect(headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(body).toString(), path).toContain('<title>Portal</title>');
    }
  });

  it('leaves images as they are', async () => {
    const { headers, body } = await get('/assets/logo-abc123.png', 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBe(4000);
  });

  it('compresses JSON answers as asked', async () => {
    const { headers, body } = await get('/api/list', 'gzip, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(json);
    const gzip = await get('/api/list', 'gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(json);
  });
});
