/**
 * The postal code the user gave the dashboard's "tournaments near you" (kept in this browser
 * once the server knew it). Explore and the filter wizard measure "within N km" and the
 * results' distances from it until another is typed (decision 202).
 */
import { readStorage } from '@/lib/storage';

export const POSTAL_STORAGE_KEY = 'home-postal';

/** The remembered postal code, or null. */
export function readRememberedPostal(): string | null {
  const postal = readStorage(POSTAL_STORAGE_KEY);
  return postal && /^\d{5}$/.test(postal) ? postal : null;
}
