import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, with its default. Parsed once at boot:
 * a wrong value stops the process with a message naming the variable.
 * The README's configuration table and `.env.example` list the same names.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    FITP_BASE_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Radar Tornei <noreply@radartornei.it>'),
    REDIS_URL: optionalUrl,
    FITP_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    FITP_SIMULATOR_SEED: z.coerce.number().int().default(42),
    FITP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    FITP_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
    INGEST_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .refine((m) => (m < 60 ? 60 % m === 0 : m % 60 === 0 && 1440 % m === 0), {
        message: 'must divide an hour (1–30, 60) or be whole hours dividing a day (60, 120, …, 1440)',
      })
      .default(15),
    ROLE: z.enum(['api', 'worker', 'both']).default('both'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    HEARTBEAT_CRON: z.string().min(9).default('* * * * *'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    TRUST_PROXY: booleanFlag.default(false),
  })
  .transform((env) => {
    const port = env.PORT;
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      fitpBaseUrl: env.FITP_BASE_URL,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      redisUrl: env.REDIS_URL,
      simulator: { port: env.FITP_SIMULATOR_PORT, seed: env.FITP_SIMULATOR_SEED },
      fitp: { timeoutMs: env.FITP_TIMEOUT_MS, maxRetries: env.FITP_MAX_RETRIES },
      ingestIntervalMinutes: env.INGEST_INTERVAL_MINUTES,
      role: env.ROLE,
      logLevel: env.LOG_LEVEL,
      webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
      heartbeatCron: env.HEARTBEAT_CRON,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      trustProxy: env.TRUST_PROXY,
    };
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  return result.data;
}
