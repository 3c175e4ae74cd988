import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBRESOURCE_CSP } from '../../src/http/subresource-headers';
import { loadWebApp } from '../../src/http/web-app';
import { REDACT_PATHS } from '../../src/logger';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('HTTP layer', () => {
  let t: TestApp;
  let webDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'radar-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><script>document.documentElement.dataset.boot="1"</script>' +
        '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
    writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Radar Tornei"}');
    writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("install", () => {})');
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(chunk.toString());
        callback();
      },
    });
    const logger = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
    t = await createTestApp({ logger, web: loadWebApp(webDir) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends security headers, with the inline boot script allowed by hash only', async () => {
    const response = await t.app.inject({ url: '/explore', headers: { accept: 'text/html' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'self'");
  });

  it("gives the API's JSON and the built scripts a policy that allows nothing, without the page-only headers", async () => {
    for (const url of ['/api/health', '/api/missing', '/assets/app.js', '/manifest.webmanifest']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy'], url).toBe(SUBRESOURCE_CSP);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
    // The service worker's script (its policy is the worker's) and the other files keep the page's.
    const worker = await t.app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(worker.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves the OpenAPI document generated from the schemas, and its UI', async () => {
    const json = await t.app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Radar Tornei API');
    const health = document.paths['/api/health'].get;
    expect(health.responses['200']).toBeDefined();
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('serves the client app for page routes and assets with cache headers', async () => {
    const page = await t.app.inject({ url: '/explore?q=roma', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const root = await t.app.inject('/');
    expect(root.body).toContain('<div id="root">');

    const asset = await t.app.inject('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);

    const missingAsset = await t.app.inject('/assets/missing.js');
    expect(missingAsset.statusCode).toBe(404);
    const missingApi = await t.app.inject({ url: '/api/missing', headers: { accept: 'text/html' } });
    expect(missingApi.statusCode).toBe(404);
    expect(missingApi.json().code).toBe('NOT_FOUND');
  });

  it('logs every request without cookies, authorization or tokens', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unsubscribe/secret-token-123/preferences?code=654321',
      headers: { cookie: 'session=top-secret-cookie', authorization: 'Bearer top-secret-bearer' },
    });
    const log = logLines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('request completed');
    expect(log).toContain('/api/notifications/unsubscribe/[redacted]/preferences');
    expect(log).not.toContain('secret-token-123');
    expect(log).not.toContain('654321');
    expect(log).not.toContain('top-secret');
  });
});
