/** Helpers of the tests that run real server processes (multi-process, crash). */
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `check` every `pollMs` until it returns a value (not undefined), or gives up after `seconds`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  seconds = 150,
  pollMs = 500,
): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
