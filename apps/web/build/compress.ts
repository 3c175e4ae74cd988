import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The text files worth compressing; images (png) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}

/** Writes `file.br` (brotli, best) and `file.gz` (gzip -9) beside every compressible file of `dir`. */
export function compressDirectory(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/**
 * Precompresses the build (decision 163): the server sends `.br` or `.gz` by the request's
 * Accept-Encoding without compressing anything per request. Runs last, after the service
 * worker is generated, so sw.js and the workbox runtime get their copies too.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'radar:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressDirectory(outDir);
      },
    },
  };
}
