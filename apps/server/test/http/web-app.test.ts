import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, loadWebApp, negotiateEncoding } from '../../src/http/web-app';
import { createTestApp, type TestApp } from '../helpers/test-app';

const APP_JS = `console.log(${JSON.stringify('app '.repeat(300))});`;
const SW_JS = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(300)}`;
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;

/** The build's output with its precompressed copies, as apps/web/build/compress.ts writes them. */
function writeBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  const files: Record<string, string> = { 'assets/app-abc123.js': APP_JS, 'sw.js': SW_JS };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
  }
  // Small files get no compressed copy: the plain file is the answer whatever is accepted.
  writeFileSync(path.join(dir, 'assets', 'tiny-def456.css'), 'a{color:red}');
}

describe('the web client: precompressed files and cache headers', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'radar-web-'));
    writeBuild(webDir);
    t = await createTestApp({ web: loadWebApp(webDir) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when neither is', async () => {
    const gzip = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const refused = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const response = await t.app.inject({
      url: '/assets/tiny-def456.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('a{color:red}');
  });

  it('revalidates the service worker on every load, compressed too', async () => {
    const response = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SW_JS);
  });

  it('never serves the compressed copies by their own names', async () => {
    expect((await t.app.inject('/assets/app-abc123.js.br')).statusCode).toBe(404);
    expect((await t.app.inject('/index.html.gz')).statusCode).toBe(404);
  });

  it('sends index.html compressed and revalidated, for / and for every page route', async () => {
    for (const url of ['/', '/explore?q=roma', '/auth/login']) {
      const br = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);
    }
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML);
    const plain = await t.app.inject({ url: '/', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q values and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
  });
});
