import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPRESS_MIN_BYTES, registerCompression } from '../../src/http/compress';
import { trustedJson } from '../../src/http/serializers';
import { createTestApp, type TestApp } from '../helpers/test-app';

const Item = z.object({ id: z.number(), name: z.string() });
const Answer = z.object({ items: z.array(Item) });
const items = (count: number) =>
  Array.from({ length: count }, (_, id) => ({ id, name: `Torneo Open di Roma numero ${id}` }));

describe('API answer compression', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const server = Fastify().withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerCompression(server);
    // As in production: the search answer serialised by trustedJson, the others by their schema.
    server.get(
      '/trusted',
      { schema: { response: { 200: Answer } }, serializerCompiler: trustedJson(true) },
      async () => ({ items: items(200) }),
    );
    server.get('/schema', { schema: { response: { 200: Answer } } }, async () => ({ items: items(200) }));
    server.get('/small', async () => ({ ok: true }));
    server.get('/varied', async (_request, reply) => {
      reply.header('vary', 'Origin');
      return { items: items(200) };
    });
    server.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
    await server.ready();
    app = server;
  });
  afterAll(() => app.close());

  const expected = JSON.stringify({ items: items(200) });

  it('sends a large JSON answer brotli-compressed to a client that accepts brotli', async () => {
    for (const url of ['/trusted', '/schema']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(expected.length / 4);
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(expected);
    }
  });

  it('sends gzip to a client without brotli, and plain JSON to one that asks for neither', async () => {
    const gzipped = await app.inject({ url: '/trusted', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(expected);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await app.inject({ url: '/trusted', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body).toBe(expected);
      expect(plain.json()).toEqual({ items: items(200) });
    }
  });

  it('leaves small answers and other content types alone, and keeps an existing Vary', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(JSON.stringify(small.json()).length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();

    const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'br' } });
    expect(text.headers['content-encoding']).toBeUndefined();

    const varied = await app.inject({ url: '/varied', headers: { 'accept-encoding': 'br' } });
    expect(varied.headers['content-encoding']).toBe('br');
    expect(varied.headers.vary).toBe('Origin, Accept-Encoding');
  });
});

describe('API answer compression in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses the OpenAPI document when asked, and sends it plain when not', async () => {
    const plain = await t.app.inject('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const compressed = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
    expect(compressed.headers['cache-control']).toBe('private, no-store');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
