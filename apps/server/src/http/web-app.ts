import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A page held in memory with its compressed copies, made once at start. */
export type CompressedPage = { identity: Buffer; br: Buffer; gzip: Buffer };

export type WebApp = {
  dir: string;
  indexHtml: string;
  inlineScriptHashes: string[];
  /** index.html and its brotli and gzip copies. */
  index: CompressedPage;
};

function compressPage(html: string): CompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with, by the request's Accept-Encoding (RFC 9110 §12.5.3): brotli, else
 * gzip, else none; an encoding with `q=0` is refused, `*` stands for any not named.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0);
  if (candidates.length === 0) return 'identity';
  return candidates.reduce((best, name) => (weightOf(name) > weightOf(best) ? name : best));
}

/** Reads the built client, if there is one, and the hashes of its inline scripts for the CSP. */
export function loadWebApp(dir: string): WebApp | null {
  const indexPath = path.join(dir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = readFileSync(indexPath, 'utf8');
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((source) => source.trim() !== '')
    .map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  return { dir, indexHtml, inlineScriptHashes, index: compressPage(indexHtml) };
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/');

/** Hashed build output (`assets/name-hash.ext`): its name changes with its content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the production build: hashed assets cached for a year, everything else (sw.js, the
 * manifest, icons) revalidated, and index.html for every other GET that asks for a page
 * (client-side routing). Every text file is sent as the `.br` or `.gz` copy the build wrote
 * beside it (apps/web/build/compress.ts) when the request accepts it: nothing is compressed per
 * request (decision 163).
 */
export async function registerWebApp(app: FastifyInstance, web: WebApp): Promise<void> {
  await app.register(fastifyStatic, {
    root: web.dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html is answered by sendIndex (no-cache, and the SPA fallback), never as a file; the
    // compressed copies are found by negotiation, never asked for by name.
    globIgnore: ['index.html', 'index.html.*', '**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? IMMUTABLE_CACHE : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => sendIndex(reply, web));
  app.get('/index.html', (_request, reply) => sendIndex(reply, web));
}

function sendIndex(reply: FastifyReply, web: WebApp) {
  const encoding = negotiateEncoding(reply.request.headers['accept-encoding']);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(web.index[encoding]);
}

/** Whether an unmatched request should get the client app rather than a JSON 404. */
export function wantsWebApp(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? url;
  if (isApiPath(pathname)) return false;
  if (path.extname(pathname) !== '') return false;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

export { sendIndex };
