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

/**
 * Stores the non-empty hand-off parameters of a query string and returns the query without
 * any of them (null when none was present, so the address bar stays as it is).
 */
export function takeHandoffParams(search: string): URLSearchParams | null {
  const params = new URLSearchParams(search);
  if (!NAMES.some((name) => params.has(name))) return null;
  for (const name of NAMES) {
    const value = params.get(name)?.trim();
    if (value) writeStorage(HANDOFF_PARAMS[name], value);
    params.delete(name);
  }
  return params;
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
