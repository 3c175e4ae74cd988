import { readFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { JWT } from 'google-auth-library';
import { z } from 'zod';
import type { WebPushOutcome } from './web-push';

/** The Google token endpoint google-auth-library posts the signed JWT to. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const FCM_DEFAULT_ENDPOINT = 'https://fcm.googleapis.com';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** The fields of a Firebase service-account key file the sender needs. */
export const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(3),
  private_key: z.string().min(1),
  token_uri: z.url().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** Reads and checks a service-account key file; the error names the file and the problem. */
export function readServiceAccount(file: string): ServiceAccount {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`FCM_SERVICE_ACCOUNT_FILE ${file}: ${error instanceof Error ? error.message : error}`);
  }
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `FCM_SERVICE_ACCOUNT_FILE ${file}: not a service-account key (${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')})`,
    );
  }
  return parsed.data;
}

/** One native push: the texts shown by the system and the data the app reads. */
export type FcmMessage = {
  title: string;
  body: string;
  /** String values only (FCM's data map). */
  data: Record<string, string>;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** A pending message with the same collapse key replaces the older one. */
  collapseKey?: string;
};

/** The same outcomes as web push: delivered, gone (token to deactivate), rejected, retry. */
export type FcmOutcome = WebPushOutcome;

export interface FcmSender {
  send(token: string, message: FcmMessage): Promise<FcmOutcome>;
}

type FcmErrorBody = {
  error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
};

/** FCM error codes meaning the token will never work again (FCM HTTP v1 ErrorCode). */
const GONE_CODES = new Set(['UNREGISTERED', 'SENDER_ID_MISMATCH']);

/**
 * Native app push through FCM HTTP v1 (`POST /v1/projects/{project}/messages:send`),
 * authorised with an OAuth token that google-auth-library makes from the service account
 * (signed JWT exchanged at the key file's token endpoint, cached until it nearly expires).
 * UNREGISTERED (404) and SENDER_ID_MISMATCH answer `gone`; 429 and 5xx `retry`; other
 * errors `rejected`.
 */
export function createFcmSender(options: {
  serviceAccount: ServiceAccount;
  /** FCM's base URL; tests point it at a local stub. */
  endpoint?: string;
  /** An HTTPS agent, e.g. one trusting a test stub's certificate. */
  agent?: Agent;
  timeoutMs?: number;
}): FcmSender {
  const { serviceAccount } = options;
  const client = new JWT({
    email: serviceAccount.client_email,
    key: serviceAccount.private_key,
    scopes: [FCM_SCOPE],
    ...(options.agent ? { transporterOptions: { agent: options.agent } } : {}),
  });
  const tokenUri = serviceAccount.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    // google-auth-library always posts to Google's token endpoint: honour the key file's own.
    client.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (String(request.url) === GOOGLE_TOKEN_URL) request.url = new URL(tokenUri);
        return request;
      },
    });
  }
  const base = (options.endpoint ?? FCM_DEFAULT_ENDPOINT).replace(/\/+$/, '');
  const url = `${base}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`;

  return {
    async send(token, message) {
      const body = {
        message: {
          token,
          notification: { title: message.title, body: message.body },
          data: message.data,
          android: {
            priority: message.urgency === 'high' ? 'high' : 'normal',
            ttl: `${message.ttlSeconds}s`,
            ...(message.collapseKey ? { collapse_key: message.collapseKey } : {}),
          },
          apns: {
            headers: {
              'apns-priority': message.urgency === 'high' ? '10' : '5',
              'apns-expiration': String(Math.floor(Date.now() / 1000) + message.ttlSeconds),
              ...(message.collapseKey ? { 'apns-collapse-id': message.collapseKey } : {}),
            },
          },
        },
      };
      try {
        const response = await client.request<FcmErrorBody>({
          url,
          method: 'POST',
          data: body,
          timeout: options.timeoutMs ?? 15_000,
          validateStatus: () => true,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        const status = response.status;
        if (status >= 200 && status < 300) return { kind: 'delivered', status };
        const error = response.data?.error;
        const code = error?.details?.find((detail) => detail.errorCode)?.errorCode ?? error?.status ?? '';
        const detail = `${status} ${code} ${error?.message ?? ''}`.trim().slice(0, 500);
        if (GONE_CODES.has(code) || status === 404) return { kind: 'gone', status };
        if (status === 429 || status >= 500) return { kind: 'retry', status, error: detail };
        return { kind: 'rejected', status, error: detail };
      } catch (error) {
        return { kind: 'retry', status: null, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
