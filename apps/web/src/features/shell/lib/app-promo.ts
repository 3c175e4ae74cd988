import { readStorage, writeStorage } from '@/lib/storage';

/** Spec §9: the promotion bar appears 2 s after load… */
export const PROMO_DELAY_MS = 2000;
/** …and stays hidden for 7 days after 'Remind me later' (or its dismissal, spec §4). */
export const PROMO_REMIND_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec §9: QR image size. */
export const PROMO_QR_SIZE = 200;
/** Local storage key: when 'Remind me later' was last chosen (epoch ms). */
export const PROMO_REMIND_STORAGE_KEY = 'appPromoRemindAt';

/** Whether 'Remind me later' was chosen less than 7 days before `now`. */
export function isPromoSnoozed(now: number): boolean {
  const at = Number(readStorage(PROMO_REMIND_STORAGE_KEY));
  return Number.isFinite(at) && at > 0 && now - at < PROMO_REMIND_MS;
}

export function snoozePromo(now: number): void {
  writeStorage(PROMO_REMIND_STORAGE_KEY, String(now));
}

export type StorePlatform = 'ios' | 'android';

/** The store of this device: Apple's for iOS (iPadOS included), Google Play otherwise (spec §2). */
export function devicePlatform(userAgent: string, maxTouchPoints = 0): StorePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS reports itself as a Mac with a touch screen.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'android';
}
