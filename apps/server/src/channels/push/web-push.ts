import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';

export type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type WebPushMessage = {
  /** JSON payload, encrypted for the subscription (RFC 8291, aes128gcm). */
  payload: string;
  /** Seconds the push service keeps an undelivered message. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A pending message with the same topic is replaced rather than delivered twice. */
  topic?: string;
};

/**
 * What came of one push: `delivered`; `gone` (404/410: the subscription no longer exists
 * and its token must be deactivated); `rejected` (another 4xx: retrying cannot help);
 * `retry` (429, 5xx or no answer: try again later).
 */
export type WebPushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'rejected'; status: number; error: string }
  | { kind: 'retry'; status: number | null; error: string };

export interface WebPushSender {
  send(subscription: WebPushSubscription, message: WebPushMessage): Promise<WebPushOutcome>;
}

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** Sends with the `web-push` library, signed with the VAPID keys (RFC 8292). */
export function createWebPushSender(options: {
  vapid: VapidDetails;
  /** An HTTPS agent, e.g. one trusting a test push service's certificate. */
  agent?: Agent;
  timeoutMs?: number;
}): WebPushSender {
  return {
    async send(subscription, message) {
      try {
        const result = await webpush.sendNotification(subscription, message.payload, {
          vapidDetails: options.vapid,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? 15_000,
          ...(message.topic ? { topic: message.topic } : {}),
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return { kind: 'delivered', status: result.statusCode };
      } catch (error) {
        if (error instanceof WebPushError) {
          const status = error.statusCode;
          const detail = `${status} ${error.body || error.message}`.slice(0, 500);
          if (status === 404 || status === 410) return { kind: 'gone', status };
          if (status === 429 || status >= 500) return { kind: 'retry', status, error: detail };
          return { kind: 'rejected', status, error: detail };
        }
        return { kind: 'retry', status: null, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
