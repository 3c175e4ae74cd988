import pino, { type BaseLogger, type Logger } from 'pino';
import type { Config } from './config';

/** Never log secrets: cookies, auth headers, passwords, codes and tokens. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.code',
  '*.token',
];

/** Properties of database errors that carry a query's parameters (tokens, emails, codes…). */
const QUERY_DETAILS = new Set(['params', 'parameters', 'query', 'values']);

/**
 * pino's error serializer, without the SQL text and parameters that database errors carry
 * (Drizzle's DrizzleQueryError, PGlite's errors), also in their causes: a failed insert of a
 * push subscription must not write its token to the log.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  const strip = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || depth > 5) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (QUERY_DETAILS.has(key)) continue;
      copy[key] = key === 'cause' || key === 'aggregateErrors' ? strip(item, depth + 1) : item;
    }
    // "Failed query: insert … params: a,b" names the parameters in the message itself.
    if (typeof copy.message === 'string') copy.message = copy.message.replace(/\nparams:[\s\S]*$/, '');
    if (typeof copy.stack === 'string')
      copy.stack = copy.stack.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '');
    return copy;
  };
  return strip(serialized, 0);
}

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const pretty = !config.isProduction && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** What the app's services need of a logger: pino's and Fastify's both fit. */
export type AppLogger = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
