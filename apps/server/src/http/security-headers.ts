/**
 * Helmet's security headers on every answer (docs/decisions/136): helmet's middleware is built
 * once, when the app starts, and applied to each request's raw response. `@fastify/helmet` built
 * it anew for every request (parsing the CSP's directives each time, about 3% of a request's CPU
 * in the load test); this app uses none of its extras (per-route options, nonces, `reply.helmet`).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The browser features the app's pages may use (issue 28): its own geolocation (the dashboard's
 * "near you") and clipboard writes (calendar feed, ambassador page); every other powerful
 * feature off, for frames of other sites too. Sharing needs no entry (the page's own by
 * default). Only features Chromium knows (checked on Chromium 156): an unknown one is a console
 * message on every page, and the e2e screen walks count console errors.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'clipboard-write=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
