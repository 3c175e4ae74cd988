/**
 * Compression of API answers (issue 18, decision 164). The static files are sent as the copies
 * the build wrote beside them (decision 163); a JSON answer is made per request, so it is
 * compressed here, in an `onSend` hook once it is serialised (by the zod serialiser or
 * `trustedJson`, whichever the route uses): brotli at a fast quality, else gzip, when the request
 * accepts one and the body is at least `COMPRESS_MIN_BYTES`. Smaller bodies gain less than the
 * headers and the CPU cost. Streams (static files, the OpenAPI UI) and answers already encoded
 * pass untouched.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { negotiateEncoding } from './web-app';

/** Below this a JSON answer goes as it is (one TCP packet either way). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/** Adds `Accept-Encoding` to the answer's Vary header, keeping what is there. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!isJson(String(reply.getHeader('content-type') ?? ''))) return payload;
    // Its size without copying it: most answers are strings, and one that is not compressed stays one.
    const size = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
    if (size < COMPRESS_MIN_BYTES) return payload;
    // The answer depends on Accept-Encoding from here on, whether this client gets it compressed or not.
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzipAsync(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
