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
 * "near you"), clipboard writes and sharing (the calendar feed and ambassador pages); nothing
 * else, and none of them for a frame of another site.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'clipboard-write=(self)',
  'web-share=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
