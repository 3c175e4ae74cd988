import { isIP } from 'node:net';
import { hasInvalidText } from '@radar/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../domain/errors';

/** The first backoff; each further failure doubles it, up to the window. */
export const BACKOFF_BASE_MS = 2_000;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type SendHook = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The attempt limits of a sensitive route (decision 120): spread the result into the route
     * options. Per client IP every attempt counts (over the limit: 429 until the window ends);
     * per account and client, failures in a row lead to a growing backoff, never to a lockout
     * of the account: a client that has not failed on it (the owner on their own device) goes on.
     */
    limitAttempts(options: {
      name: string;
      /** The account the request is about: an email or username (or, `byId`, a user id). */
      account?: (request: FastifyRequest) => string | undefined;
      /** `account` gives a user id already (e.g. the signed-in user). */
      byId?: boolean;
      /** Which answers are failed attempts (a wrong password or code); none by default. */
      failure?: (statusCode: number) => boolean;
      /**
       * Over the per-IP limit, an account this client has not failed on still gets its attempt
       * (sign-in, issue 28): when every client is seen as one address (a proxy set up wrong),
       * one attacker must not lock everyone else out. Such an address gets one failure per
       * account before that account's backoff, as an account under attack from many clients does.
       */
      perAccountOverIpLimit?: boolean;
    }): { preValidation: Hook; onSend: SendHook };
    /**
     * A plain per-IP limit for a public form (the contact form): every attempt counts, in the
     * same counters as the sign-in limits, so no junk can evict them; over `max` in the window,
     * 429 TOO_MANY_REQUESTS with Retry-After until the window ends. A `preValidation` hook.
     */
    limitPerIp(options: { name: string; max: number; windowMs: number }): Hook;
  }
  interface FastifyRequest {
    attemptLimit?: {
      accountKey: string;
      pairKey: string;
      failure: (statusCode: number) => boolean;
      /** The client is over its per-IP limit: its first failure on the account starts the backoff. */
      overIpLimit: boolean;
      /** Seconds until the per-IP window ends (the Retry-After of a refusal over the limit). */
      ipRetryAfterSeconds: number;
      /** Set by `refuseOverIpLimit`: a failed attempt answered 429 instead of its own status. */
      failed?: boolean;
    };
  }
}

/**
 * The counters the limits keep, in the database (`auth_attempts`): app.ts gives the auth module's
 * (`attemptStore` in modules/auth/attempts.repository.ts), so http/ imports no module.
 */
export interface AttemptStore {
  /** The stored key of a counter, made of its name's parts (hashed: no address or IP in clear). */
  key(...parts: string[]): string;
  /** Counts one attempt in a fixed window (a new window starts when the last one is over). */
  count(key: string, now: Date, windowMs: number): Promise<{ count: number; windowStartedAt: Date }>;
  read(key: string): Promise<{ failures: number; blockedUntil: Date | null; updatedAt: Date } | undefined>;
  /** Counts one failure and returns the count; `blockUntil(failures)` may set the backoff. */
  countFailure(
    key: string,
    now: Date,
    windowMs: number,
    blockUntil: (failures: number) => Date | null,
  ): Promise<number>;
  clear(key: string): Promise<void>;
}

export type RateLimitOptions = {
  /** Attempts per client IP, per limited action, in one window. */
  ipMax: number;
  /**
   * Failures on one account, from anywhere, in one window, after which every client gets a
   * single failure before its backoff starts (instead of `backoffAfter`).
   */
  accountMax: number;
  /** Failures in a row of one account from one client before its backoff starts. */
  backoffAfter: number;
  windowMs: number;
  attempts: AttemptStore;
  /** The user id behind an email or username, if any: both name the same account. */
  identify: (identifier: string) => Promise<string | null>;
  now: () => Date;
};

/** IPv6 clients are counted per /64, which one subscriber usually holds whole. */
export function clientKey(ip: string): string {
  const bare = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(bare) !== 6) return bare;
  const [head = ''] = bare.split('::');
  const groups = bare.includes('::')
    ? [...head.split(':').filter(Boolean), ...Array(8).fill('0')].slice(0, 4)
    : bare.split(':').slice(0, 4);
  return `${groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const secondsUntil = (instant: number, now: Date) => Math.max(1, Math.ceil((instant - now.getTime()) / 1000));

function tooMany(reply: FastifyReply, seconds: number): AppError {
  reply.header('retry-after', String(seconds));
  return new AppError('TOO_MANY_REQUESTS', 429, { retryAfterSeconds: seconds });
}

/**
 * Attempt limits on the sensitive calls (sign-in, registration, verification, reset, change of
 * password), counted in the database (`auth_attempts`): every API process counts together, and
 * no number of junk requests can evict a counter, as an in-memory store would. Decision 120.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const { attempts, ipMax, accountMax, backoffAfter, windowMs, now } = options;

    /** The backoff after `failures` in a row, once more than `free` of them. */
    const backoffUntil = (at: Date, failures: number, free: number) =>
      failures < free
        ? null
        : new Date(at.getTime() + Math.min(BACKOFF_BASE_MS * 2 ** (failures - free), windowMs));

    app.decorate(
      'limitAttempts',
      ({ name, account, byId = false, failure = () => false, perAccountOverIpLimit = false }) => {
        const preValidation: Hook = async (request, reply) => {
          const at = now();
          const client = clientKey(request.ip);
          const perIp = await attempts.count(attempts.key(name, 'ip', client), at, windowMs);
          const overIpLimit = perIp.count > ipMax;
          const ipRetryAfter = () => secondsUntil(perIp.windowStartedAt.getTime() + windowMs, at);
          if (overIpLimit && !perAccountOverIpLimit) throw tooMany(reply, ipRetryAfter());
          const identifier = account?.(request)?.trim().toLowerCase();
          if (!identifier) {
            if (overIpLimit) throw tooMany(reply, ipRetryAfter());
            return;
          }
          // One identity per account: its email and its username share every counter.
          // Text the database cannot hold is refused by validation next: no lookup for it.
          const userId =
            byId || hasInvalidText(identifier)
              ? byId
                ? identifier
                : null
              : await options.identify(identifier);
          const accountId = userId ? `user:${userId}` : `name:${identifier}`;
          const pairKey = attempts.key(name, 'pair', accountId, client);
          const pair = await attempts.read(pairKey);
          if (pair?.blockedUntil && pair.blockedUntil > at) {
            throw tooMany(reply, secondsUntil(pair.blockedUntil.getTime(), at));
          }
          // Over the per-IP limit, the accounts this address has failed on in the window stay shut
          // until the window ends; any other account gets its attempt (a correct password signs in).
          const recentFailure =
            pair && pair.failures > 0 && pair.updatedAt.getTime() > at.getTime() - windowMs;
          if (overIpLimit && recentFailure) throw tooMany(reply, ipRetryAfter());
          request.attemptLimit = {
            accountKey: attempts.key(name, 'account', accountId),
            pairKey,
            failure,
            overIpLimit,
            ipRetryAfterSeconds: ipRetryAfter(),
          };
        };

        const onSend: SendHook = async (request, reply, payload) => {
          const limit = request.attemptLimit;
          if (!limit) return payload;
          const at = now();
          if (limit.failed || limit.failure(reply.statusCode)) {
            const accountFailures = await attempts.countFailure(limit.accountKey, at, windowMs, () => null);
            // An account under attack from many clients, or a client over its per-IP limit: one
            // failure before backing off.
            const free = accountFailures > accountMax || limit.overIpLimit ? 1 : backoffAfter;
            await attempts.countFailure(limit.pairKey, at, windowMs, (failures) =>
              backoffUntil(at, failures, free),
            );
          } else if (reply.statusCode < 400) {
            // Success ends this client's run of failures (the account's count stays).
            await attempts.clear(limit.pairKey);
          }
          return payload;
        };

        return { preValidation, onSend };
      },
    );

    app.decorate('limitPerIp', ({ name, max, windowMs: window }) => async (request, reply) => {
      const at = now();
      const { count, windowStartedAt } = await attempts.count(
        attempts.key(name, 'ip', clientKey(request.ip)),
        at,
        window,
      );
      if (count > max) throw tooMany(reply, secondsUntil(windowStartedAt.getTime() + window, at));
    });
  },
  { name: 'rate-limits' },
);

/**
 * Over the per-IP limit (`perAccountOverIpLimit`), a failed attempt answers as the limit would
 * have, 429 with the window's Retry-After, and still counts as a failure: only a correct one
 * goes through (decision 191). Null when the client is within its limit.
 */
export function refuseOverIpLimit(request: FastifyRequest, reply: FastifyReply): AppError | null {
  const limit = request.attemptLimit;
  if (!limit?.overIpLimit) return null;
  limit.failed = true;
  return tooMany(reply, limit.ipRetryAfterSeconds);
}
