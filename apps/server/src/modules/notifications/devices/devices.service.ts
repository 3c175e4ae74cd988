import {
  compactDeviceInfo,
  type DeviceInfo,
  type DeviceToken,
  type DeviceTokenKind,
  deviceInfoSchema,
  type Language,
  translateShared,
} from '@radar/shared';
import { z } from 'zod';
import type { DeviceTokenRow } from '../../../db/schema';
import { AppError, notFound } from '../../../domain/errors';
import type { NotificationsDeps } from '../deps';
import {
  deactivateUserDeviceTokens,
  deleteUserDeviceToken,
  listUserDeviceTokens,
  setUserPushNotifications,
  upsertDeviceToken,
} from './devices.repository';

const base64urlBytes = (length: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => Buffer.from(value, 'base64url').length === length);

/** A browser's PushSubscription as JSON (endpoint and keys; RFC 8291 key sizes). */
const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 public key: 65 bytes.
    p256dh: base64urlBytes(65),
    auth: base64urlBytes(16),
  }),
});

const FCM_TOKEN = /^[A-Za-z0-9_:-]{20,4096}$/;

export type ParsedDeviceToken = {
  kind: DeviceTokenKind;
  token: string;
  keys: { p256dh: string; auth: string } | null;
};

/**
 * Whether a push endpoint is on one of the allowed push services (exact host or a subdomain),
 * over HTTPS on port 443 (issue 28: no other port of a push service's host, nothing in clear).
 * An allowed entry `host:port` admits that port instead (a test's own push service).
 */
export function isAllowedPushHost(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  return allowedHosts.some((entry) => {
    const [allowed = '', allowedPort = '443'] = entry.split(/:(?=\d+$)/);
    return port === allowedPort && (host === allowed || host.endsWith(`.${allowed}`));
  });
}

/**
 * Reads a registration token: a web push subscription (JSON with an https endpoint on an
 * allowed push service, so the workers never POST to arbitrary hosts) or an FCM token.
 */
export function parseDeviceToken(
  raw: string,
  allowedHosts: readonly string[],
  language: Language,
): ParsedDeviceToken {
  const invalid = () =>
    new AppError('VALIDATION_ERROR', 400, {
      fields: { token: [translateShared(language, 'validation.invalidValue')] },
    });
  const text = raw.trim();
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid();
    }
    const subscription = webPushSubscriptionSchema.safeParse(json);
    if (!subscription.success) throw invalid();
    if (!isAllowedPushHost(subscription.data.endpoint, allowedHosts)) throw invalid();
    return { kind: 'webpush', token: subscription.data.endpoint, keys: subscription.data.keys };
  }
  if (!FCM_TOKEN.test(text)) throw invalid();
  return { kind: 'fcm', token: text, keys: null };
}

/** Keeps the known device fields that are present and well formed (spec §3: empty ones dropped). */
export function cleanDeviceInfo(raw: Record<string, unknown> | undefined): DeviceInfo {
  const compact = compactDeviceInfo(raw ?? {});
  const info: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(deviceInfoSchema.shape)) {
    if (!(key in compact)) continue;
    const parsed = (field as z.ZodType).safeParse(compact[key]);
    if (parsed.success && parsed.data !== undefined) info[key] = parsed.data;
  }
  return info as DeviceInfo;
}

export function toDeviceTokenJson(row: DeviceTokenRow): DeviceToken {
  return {
    id: row.id,
    kind: row.kind,
    active: row.active,
    deviceInfo: row.deviceInfo,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  };
}

/**
 * Registers (or refreshes) a device for push. Registering means the user allowed push on
 * that device, so the profile's push switch turns on.
 */
export async function registerDeviceToken(
  deps: NotificationsDeps,
  userId: string,
  token: ParsedDeviceToken,
  deviceInfo: DeviceInfo,
): Promise<{ token: DeviceToken; created: boolean }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { row, created } = await upsertDeviceToken(tx, { userId, ...token, deviceInfo }, now);
    await setUserPushNotifications(tx, userId, true, now);
    return { token: toDeviceTokenJson(row), created };
  });
}

export async function listDeviceTokens(deps: NotificationsDeps, userId: string): Promise<DeviceToken[]> {
  return (await listUserDeviceTokens(deps.db, userId)).map(toDeviceTokenJson);
}

export async function removeDeviceToken(deps: NotificationsDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteUserDeviceToken(deps.db, userId, id))) throw notFound();
}

/** Push off everywhere: every device of the user stops receiving, and the push switch turns off. */
export async function deactivateAllDeviceTokens(deps: NotificationsDeps, userId: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const deactivated = await deactivateUserDeviceTokens(tx, userId, 'deactivated by the user', now);
    await setUserPushNotifications(tx, userId, false, now);
    return { deactivated };
  });
}
