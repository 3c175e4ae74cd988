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
/** Longer passwords are refused before hashing (a very long input only costs server time). */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
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

/** Email verification and password reset codes (issue 3): lifetime, tries and resend limits. */
export const CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_RESENDS_PER_HOUR = 5;

/** The word a user types to confirm the deletion of their account, in each language. */
export const ACCOUNT_DELETION_WORDS = { it: 'ELIMINA', en: 'DELETE' } as const satisfies Record<
  Language,
  string
>;

/** Social sign-in providers (OpenID Connect). */
export const OIDC_PROVIDERS = ['google', 'apple'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

/** Auth state on the client (spec §4, §9): refetch throttle and the hidden time that forces a refetch. */
export const USER_REFETCH_THROTTLE_MS = 2000;
export const HIDDEN_REFETCH_MINUTES = 300;
