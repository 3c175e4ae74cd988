import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export type WebApp = { dir: string; indexHtml: string; inlineScriptHashes: string[] };

/** Reads the built client, if there is one, and the hashes of its inline scripts for the CSP. */
export function loadWebApp(dir: string): WebApp | null {
  const indexPath = path.join(dir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = readFileSync(indexPath, 'utf8');
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((source) => source.trim() !== '')
    .map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  return { dir, indexHtml, inlineScriptHashes };
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/');

/**
 * Serves the production build: hashed assets cached for a year, everything else revalidated,
 * and index.html for every other GET that asks for a page (client-side routing).
 */
export async function registerWebApp(app: FastifyInstance, web: WebApp): Promise<void> {
  await app.register(fastifyStatic, {
    root: web.dir,
    wildcard: false,
    index: false,
    // index.html is answered by sendIndex (no-cache, and the SPA fallback), never as a file.
    globIgnore: ['index.html'],
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => sendIndex(reply, web));
  app.get('/index.html', (_request, reply) => sendIndex(reply, web));
}

function sendIndex(reply: import('fastify').FastifyReply, web: WebApp) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(web.indexHtml);
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
