import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook (preValidation: every attempt counts, even an invalid one) that limits a route
     * per client IP and, when `account` finds one in the request, per account too. Over
     * either limit the request answers 429 TOO_MANY_REQUESTS.
     */
    limitAttempts(options: {
      name: string;
      account?: (request: FastifyRequest) => string | undefined;
    }): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export type RateLimitOptions = {
  /** Requests per client IP, per limited action, in one window. */
  ipMax: number;
  /** Requests per account (email or username), per limited action, in one window. */
  accountMax: number;
  windowMs: number;
  /** Shared counters for several API processes; in memory without it. */
  redisUrl?: string | undefined;
};

const hashKey = (value: string) =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Attempt limits on the sensitive calls (sign-in, registration, verification, reset), with
 * @fastify/rate-limit's stores: in memory, or Redis with REDIS_URL so that every API process
 * counts together. Each action counts separately, per IP and per account.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false })
      : null;
    if (redis) {
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) unavailable'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      nameSpace: 'radar-rl:',
      ...(redis ? { redis } : {}),
      // A broken Redis must not lock everybody out of signing in.
      skipOnError: true,
    });

    const limiter = (max: number, keyOf: (request: FastifyRequest) => string) =>
      app.createRateLimit({ max, timeWindow: options.windowMs, keyGenerator: keyOf });

    app.decorate('limitAttempts', ({ name, account }) => {
      const perIp = limiter(options.ipMax, (request) => `${name}:ip:${normalizeIP(request.ip, 64)}`);
      const perAccount = limiter(
        options.accountMax,
        (request) => `${name}:account:${hashKey(account?.(request) ?? '')}`,
      );
      return async (request, reply) => {
        const checks = [perIp(request)];
        if (account?.(request)) checks.push(perAccount(request));
        for (const result of await Promise.all(checks)) {
          if (!result.isAllowed && result.isExceeded) {
            reply.header('retry-after', String(result.ttlInSeconds));
            throw new AppError('TOO_MANY_REQUESTS', 429, { retryAfterSeconds: result.ttlInSeconds });
          }
        }
      };
    });
  },
  { name: 'rate-limits' },
);
