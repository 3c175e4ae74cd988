import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** proxy-addr's names for address ranges (Fastify's trustProxy takes them beside addresses and CIDRs). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (`10.0.0.0/8`, `2001:db8::/32`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 28, decision 191): which X-Forwarded-For entries name the client. `false`
 * or `0`: none (the socket's address is the client); a number N: the N proxies in front of the
 * app append (the client is the N-th address from the right); a comma-separated list of
 * addresses/CIDRs: the proxies' own addresses (the client is the right-most address outside
 * the list). `true` would trust every entry, including the left-most one the client writes
 * itself: it is refused, naming the variable.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          '`true` would trust the X-Forwarded-For entries clients write themselves: set the number of ' +
          'proxies in front of the app (1 behind one reverse proxy) or their addresses/CIDRs (docs/OPERATIONS.md)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        context.addIssue({ code: 'custom', message: 'at most 10 proxies (hops)' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0 || entries.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `not a number of proxies nor a list of addresses/CIDRs (wrong: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's trustProxy for the setting. A hop count is a trust function: Fastify 5 takes a
 * bare number as "trust nothing", since a client that reaches the app without the proxy could
 * write enough entries of its own; a count is for an app only the proxies can reach
 * (docs/OPERATIONS.md), else list the proxies' addresses.
 */
export function fastifyTrustProxy(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    const hops = setting;
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  return setting;
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export type OidcProviderConfig = { clientId: string; clientSecret: string; issuer: string };

/** A social sign-in provider is enabled when both its client id and secret are set. */
function oidcProvider(
  clientId: string | undefined,
  clientSecret: string | undefined,
  issuer: string,
): OidcProviderConfig | null {
  return clientId && clientSecret ? { clientId, clientSecret, issuer } : null;
}
/** A secret that may be unset (then generated once and kept in the database). */
const optionalSecret = (minLength: number) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(minLength, `must be at least ${minLength} characters`).optional())
    .optional();

/** The push services of the browsers people use: web push endpoints must be on one of them. */
export const DEFAULT_WEB_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

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
    TEAM_EMAIL: z.email().default('info@radartornei.it'),
    FITP_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    FITP_SIMULATOR_SEED: z.coerce.number().int().default(42),
    /** The bundled simulator's calendar size (unset: the federation's, about 16,000 in 65 weeks). */
    FITP_SIMULATOR_COMPETITIONS: z.coerce.number().int().min(1).max(100_000).optional(),
    FITP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** How long a user's request waits for a live federation read before the stored data is served. */
    FITP_LIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
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
    TRUST_PROXY: trustProxySetting.default(false),
    /** The API's OpenAPI document and viewer at /api/docs: on outside production by default. */
    API_DOCS: booleanFlag.optional(),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    APPLE_CLIENT_ID: optionalText,
    APPLE_CLIENT_SECRET: optionalText,
    APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
    AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(30),
    AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(10),
    AUTH_BACKOFF_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    UNSUBSCRIBE_SECRET: optionalSecret(32),
    VAPID_PUBLIC_KEY: optionalSecret(80),
    VAPID_PRIVATE_KEY: optionalSecret(40),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https: URL')
      .default('mailto:info@radartornei.it'),
    CONTACT_TO: z.email().default('info@radartornei.it'),
    CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
    CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(60 * 60),
    DONATION_URL: optionalUrl,
    COMMUNITY_URL: optionalUrl,
    IOS_APP_URL: optionalUrl,
    ANDROID_APP_URL: optionalUrl,
    FCM_SERVICE_ACCOUNT_FILE: optionalText,
    FCM_ENDPOINT: optionalUrl,
    WEB_PUSH_ENDPOINT_HOSTS: z
      .string()
      .default(DEFAULT_WEB_PUSH_ENDPOINT_HOSTS.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      // Without it every verification and reset code would sit in the dev mailbox.
      context.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'required in production: account emails (verification and reset codes) need a mail server',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
      });
    }
  })
  .transform((env) => {
    const port = env.PORT;
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      publicUrl,
      /**
       * The site is served over https (PUBLIC_URL's scheme): cookies are Secure and HSTS is
       * sent, whatever NODE_ENV says.
       */
      httpsOnly: publicUrl.startsWith('https:'),
      fitpBaseUrl: env.FITP_BASE_URL,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      teamEmail: env.TEAM_EMAIL,
      simulator: {
        port: env.FITP_SIMULATOR_PORT,
        seed: env.FITP_SIMULATOR_SEED,
        competitions: env.FITP_SIMULATOR_COMPETITIONS,
      },
      fitp: {
        timeoutMs: env.FITP_TIMEOUT_MS,
        liveTimeoutMs: env.FITP_LIVE_TIMEOUT_MS,
        maxRetries: env.FITP_MAX_RETRIES,
      },
      ingestIntervalMinutes: env.INGEST_INTERVAL_MINUTES,
      role: env.ROLE,
      logLevel: env.LOG_LEVEL,
      webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
      heartbeatCron: env.HEARTBEAT_CRON,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      /** Fastify's trustProxy (decision 191): false, a hop count or the proxies' addresses/CIDRs. */
      trustProxy: env.TRUST_PROXY,
      /** /api/docs is served (issue 28: off in production unless API_DOCS=true). */
      apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
      oidc: {
        google: oidcProvider(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_ISSUER),
        apple: oidcProvider(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET, env.APPLE_ISSUER),
      },
      authRateLimit: {
        ipMax: env.AUTH_RATE_LIMIT_IP_MAX,
        accountMax: env.AUTH_RATE_LIMIT_ACCOUNT_MAX,
        backoffAfter: env.AUTH_BACKOFF_AFTER_FAILURES,
        windowMs: env.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      },
      unsubscribeSecret: env.UNSUBSCRIBE_SECRET,
      vapid: {
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT,
      },
      webPushEndpointHosts: env.WEB_PUSH_ENDPOINT_HOSTS,
      contact: {
        to: env.CONTACT_TO,
        rateLimit: {
          max: env.CONTACT_RATE_LIMIT_MAX,
          windowMs: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS * 1000,
        },
      },
      /** Links the client shows only when set (GET /api/config/public). */
      links: {
        donationUrl: env.DONATION_URL ?? null,
        communityUrl: env.COMMUNITY_URL ?? null,
        iosAppUrl: env.IOS_APP_URL ?? null,
        androidAppUrl: env.ANDROID_APP_URL ?? null,
      },
      /** Native app push (FCM HTTP v1): off without a service-account file. */
      fcm: env.FCM_SERVICE_ACCOUNT_FILE
        ? { serviceAccountFile: path.resolve(env.FCM_SERVICE_ACCOUNT_FILE), endpoint: env.FCM_ENDPOINT }
        : null,
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
