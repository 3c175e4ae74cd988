import { compactDeviceInfo, type DeviceInfo, STORAGE_KEYS } from '@radar/shared';
import { readStorage, writeStorage } from './storage';

/** 16 random bytes as dash-separated hex groups of 4-2-2-2-6 bytes (spec §3). */
export function generateDeviceId(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join(
    '-',
  );
}

/** This browser's id, generated once and kept in local storage as `device_id`. */
export function getDeviceId(): string {
  const stored = readStorage(STORAGE_KEYS.deviceId);
  if (stored) return stored;
  const id = generateDeviceId();
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}

export function detectOs(userAgent: string): string {
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return 'MacOS';
  if (/Linux|X11/i.test(userAgent)) return 'Linux';
  return 'unknown';
}

export function detectBrowser(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/Firefox\/|FxiOS/.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS/.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'unknown';
}

type NavigatorExtras = Navigator & {
  deviceMemory?: number;
  connection?: { effectiveType?: string };
  userAgentData?: { platform?: string };
};

/** The device info sent with a push token (spec §3), without its empty fields. */
export function collectDeviceInfo(now: number = Date.now()): DeviceInfo {
  const nav = navigator as NavigatorExtras;
  const userAgent = nav.userAgent ?? '';
  return compactDeviceInfo({
    os: detectOs(userAgent),
    browser: detectBrowser(userAgent),
    platform: nav.userAgentData?.platform ?? nav.platform,
    deviceId: getDeviceId(),
    timestamp: now,
    touchscreen: (nav.maxTouchPoints ?? 0) > 0 || 'ontouchstart' in window,
    screenWidth: window.screen?.width,
    screenHeight: window.screen?.height,
    language: nav.language,
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
    networkConnection: nav.connection?.effectiveType,
  }) as DeviceInfo;
}
