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

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const pretty = !config.isProduction && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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
