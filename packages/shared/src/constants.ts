/** Business constants of spec §9. */
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
/** Browser theme colours (spec §4). */
export const THEME_COLORS = { light: '#E4E9F1', dark: '#111418' } as const;

export const NEW_TOURNAMENT_HOURS = 48;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const CODE_LENGTH = 6;
export const CONTACT_MESSAGE_MAX = 5000;
export const MOBILE_BREAKPOINT_PX = 768;

/** Local storage keys (spec §3). */
export const STORAGE_KEYS = {
  language: 'app-language',
  theme: 'app-theme',
  deviceId: 'device_id',
  lastLocation: 'lastLocation',
} as const;
