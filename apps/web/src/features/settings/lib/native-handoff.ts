import { compactDeviceInfo, type DeviceInfo } from '@radar/shared';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Spec §3 "Native-app hand-off parameters": query parameter → local storage key. The token is
 * kept as `fcmTokenForApp` (spec §3's storage keys); the others under their own names.
 */
export const HANDOFF_PARAMS = {
  appInstanceId: 'appInstanceId',
  fcmToken: 'fcmTokenForApp',
  appVersion: 'appVersion',
  deviceModel: 'deviceModel',
  osVersion: 'osVersion',
  pushStatus: 'pushStatus',
} as const;

type HandoffParam = keyof typeof HANDOFF_PARAMS;
const NAMES = Object.keys(HANDOFF_PARAMS) as HandoffParam[];

/** The non-empty hand-off parameters of one address. */
export type Handoff = Partial<Record<HandoffParam, string>>;

/**
 * Reads the non-empty hand-off parameters of a query string (stored nothing yet) and the query
 * without any of them; null when none was present, so the address bar stays as it is.
 */
export function takeHandoffParams(search: string): { handoff: Handoff; rest: URLSearchParams } | null {
  const params = new URLSearchParams(search);
  if (!NAMES.some((name) => params.has(name))) return null;
  const handoff: Handoff = {};
  for (const name of NAMES) {
    const value = params.get(name)?.trim();
    if (value) handoff[name] = value;
    params.delete(name);
  }
  return { handoff, rest: params };
}

/** Stores a hand-off's values under their spec §3 keys (empty ones are not in it). */
export function storeHandoff(handoff: Handoff): void {
  for (const name of NAMES) {
    const value = handoff[name];
    if (value) writeStorage(HANDOFF_PARAMS[name], value);
  }
}

/**
 * Whether a hand-off would change which token or app instance this browser registers
 * (issue 28): a link anyone can send could carry someone else's token, so such a hand-off is
 * stored only once the user confirms the device. One that repeats the stored token and
 * instance (the app opening the web again) or carries neither goes through as before.
 */
export function handoffNeedsConfirmation(handoff: Handoff): boolean {
  const changes = (name: 'fcmToken' | 'appInstanceId') =>
    handoff[name] !== undefined && handoff[name] !== readStorage(HANDOFF_PARAMS[name]);
  return changes('fcmToken') || changes('appInstanceId');
}

/** The stored hand-off values as device info fields: deviceId, appVersion, deviceModel, os, pushStatus. */
export function handoffDeviceInfo(): DeviceInfo {
  return compactDeviceInfo({
    deviceId: readStorage(HANDOFF_PARAMS.appInstanceId) ?? undefined,
    appVersion: readStorage(HANDOFF_PARAMS.appVersion) ?? undefined,
    deviceModel: readStorage(HANDOFF_PARAMS.deviceModel) ?? undefined,
    os: readStorage(HANDOFF_PARAMS.osVersion) ?? undefined,
    pushStatus: readStorage(HANDOFF_PARAMS.pushStatus) ?? undefined,
  }) as DeviceInfo;
}

/** The native token to register: only when both the token and appInstanceId are stored (spec §4). */
export function storedNativeToken(): string | null {
  const token = readStorage(HANDOFF_PARAMS.fcmToken);
  const instance = readStorage(HANDOFF_PARAMS.appInstanceId);
  return token && instance ? token : null;
}
