/**
 * Shorter security headers on the answers that are never a page (issue 18, decision 164): the
 * JSON of the API (and the web manifest) and the hashed scripts and stylesheets of the build.
 * Helmet gives every answer the page's full policy (the CSP with its script hashes, ~0.5 KB, and
 * the headers that only a document reads), about 1.1 KB of headers per answer; /explore's first
 * load makes some 70 such requests, a fifth of what it transfers over HTTP/1.1.
 *
 * A browser reads a CSP only from a document or a worker's script: on a script, a stylesheet or
 * a fetched JSON it does nothing. These answers get a policy that allows nothing instead
 * (`default-src 'none'; frame-ancestors 'none'`, OWASP's advice for APIs), which still holds
 * should one be opened as a page, and lose the headers that only a document reads. What guards
 * a subresource stays: `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy`,
 * `X-Frame-Options`, `Referrer-Policy`. The pages (index.html, the API docs' UI), the service
 * worker and its imported scripts (outside /assets/), images and every other file keep helmet's
 * headers as they are.
 */
import type { FastifyInstance } from 'fastify';

/** The policy of an answer that is never a page: it may load nothing and be framed by nobody. */
export const SUBRESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Helmet's headers (and the Permissions-Policy beside them) that only a document reads. */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'permissions-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
const isScriptOrStyle = (type: string) => /^(?:application|text)\/(?:javascript|css)\b/i.test(type);

/** Whether the answer is a subresource that never renders as a page: API JSON, a built script or stylesheet. */
export function isSubresource(url: string, contentType: string): boolean {
  if (isJson(contentType)) return true;
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') && isScriptOrStyle(contentType);
}

/** Registers the hook; after helmet, whose headers are set on the raw response when a request arrives. */
export function registerSubresourceHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!isSubresource(request.url, type)) return payload;
    const raw = reply.raw;
    if (raw.hasHeader('content-security-policy')) raw.setHeader('content-security-policy', SUBRESOURCE_CSP);
    for (const header of DOCUMENT_ONLY_HEADERS) raw.removeHeader(header);
    return payload;
  });
}
