import { z } from 'zod';
import { FILTER_REASONS } from './competitions';
import { orderOfPlayMatchSchema } from './order-of-play';

const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Notifications (spec §3): the types, the preference groups each type belongs to, the
 * channels, and every payload of the notification calls of spec §7.
 */

/** Types that land in the in-app inbox and fan out to email and push by preference. */
export const INBOX_NOTIFICATION_TYPES = [
  'new_tournament',
  'reminder_1w',
  'reminder_3d',
  'reminder_1d',
  'reminder_5h',
  'new_document',
  'new_scoreboard',
  'new_order_of_play',
  'platform_updates',
  // The card radar (docs/decisions/102): the user's card entered or left an entry list.
  'card_entered',
  'card_withdrawn',
] as const;
export type InboxNotificationType = (typeof INBOX_NOTIFICATION_TYPES)[number];

/** Transactional account emails: always sent, never in the inbox, no preference. */
export const ACCOUNT_NOTIFICATION_TYPES = ['email_confirmation', 'password_reset', 'welcome_email'] as const;
export type AccountNotificationType = (typeof ACCOUNT_NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPES = [...INBOX_NOTIFICATION_TYPES, ...ACCOUNT_NOTIFICATION_TYPES] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Preference groups (spec §3): each has an email and a push channel. */
export const NOTIFICATION_GROUPS = [
  'new_tournaments',
  'order_of_play',
  'documents',
  'scoreboards',
  'reminder_1w',
  'reminder_3d',
  'reminder_1d',
  'reminder_5h',
  'platform_updates',
  'card_entries',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_TYPE_GROUP: Record<InboxNotificationType, NotificationGroup> = {
  new_tournament: 'new_tournaments',
  reminder_1w: 'reminder_1w',
  reminder_3d: 'reminder_3d',
  reminder_1d: 'reminder_1d',
  reminder_5h: 'reminder_5h',
  new_document: 'documents',
  new_scoreboard: 'scoreboards',
  new_order_of_play: 'order_of_play',
  platform_updates: 'platform_updates',
  card_entered: 'card_entries',
  card_withdrawn: 'card_entries',
};

export type ChannelSettings = Record<NotificationChannel, boolean>;

/**
 * What a user gets before changing anything: email for what needs acting on (new tournaments,
 * order of play, registration reminders, platform updates), push for everything tournament
 * related; the frequent documents and scoreboards only by push, platform updates only by email.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationGroup, ChannelSettings> = {
  new_tournaments: { email: true, push: true },
  order_of_play: { email: true, push: true },
  documents: { email: false, push: true },
  scoreboards: { email: false, push: true },
  reminder_1w: { email: true, push: true },
  reminder_3d: { email: true, push: true },
  reminder_1d: { email: true, push: true },
  reminder_5h: { email: true, push: true },
  platform_updates: { email: true, push: false },
  card_entries: { email: true, push: true },
};

/** Why a new tournament matched a filter (spec §3 "reasons a filter matched"): the search's reasons. */
export const MATCH_REASONS = FILTER_REASONS;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** What a personal `new_scoreboard` tells (docs/decisions/203): no notification type of its own (spec §3). */
export const PERSONAL_DRAW_NOTICES = ['next_opponent', 'result'] as const;
export type PersonalDrawNotice = (typeof PERSONAL_DRAW_NOTICES)[number];

export const notificationTypeSchema = z.enum(INBOX_NOTIFICATION_TYPES);
export const notificationGroupSchema = z.enum(NOTIFICATION_GROUPS);
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** What a notification carries besides its type; texts use `tournamentName` (and `message`). */
export const notificationParamsSchema = z
  .object({
    tournamentName: z.string().max(300).optional(),
    competitionGuid: z.string().max(100).optional(),
    tournamentUuid: z.string().max(100).optional(),
    /** platform_updates: the free message. */
    message: z.string().max(2000).optional(),
    /** new_tournament: why the tournament matched, and how many of the user's filters. */
    reasons: z.array(z.enum(MATCH_REASONS)).max(MATCH_REASONS.length).optional(),
    matchingFilters: z.number().int().min(0).optional(),
    /** Reminders: when registration closes (ISO 8601). */
    registrationDeadline: z.iso.datetime({ offset: true }).optional(),
    /** new_document: the document's title. */
    documentName: z.string().max(300).optional(),
    /** card_entered: the tournament was followed automatically. */
    followed: z.boolean().optional(),
    /**
     * new_tournament: what the tournament is, as it was when it matched (Italian calendar days,
     * place, draws, bands, prize), for the email and the inbox to say it and the values each
     * reason matched on (`tournamentFacts`, `matchReasonValues`).
     */
    startDate: isoDaySchema.optional(),
    endDate: isoDaySchema.optional(),
    city: z.string().max(200).optional(),
    provinceSigla: z.string().max(4).optional(),
    regionId: z.number().int().optional(),
    provinceId: z.number().int().optional(),
    drawTypes: z.array(z.string().max(40)).max(20).optional(),
    bands: z.array(z.string().max(10)).max(40).optional(),
    ageCodes: z.array(z.string().max(10)).max(40).optional(),
    prizeMoney: z.number().int().min(0).optional(),
    /** new_tournament matched by a radius: km from the nearest such filter's centre, to one decimal. */
    distanceKm: z.number().min(0).max(2000).optional(),
    /**
     * new_scoreboard to a follower whose card is in the draw (docs/decisions/203): their next
     * opponent once known, or the result of their match; the round (and the draw's rounds, to
     * name the last ones), the opponent as `drawSideLabel` writes them, the score from the
     * winner's side, who retired, a walkover.
     */
    personal: z.enum(PERSONAL_DRAW_NOTICES).optional(),
    round: z.number().int().min(1).max(20).optional(),
    rounds: z.number().int().min(1).max(20).optional(),
    opponent: z.string().max(300).optional(),
    won: z.boolean().optional(),
    score: z.string().max(60).optional(),
    retired: z.enum(['me', 'opponent']).optional(),
    walkover: z.boolean().optional(),
    /** new_scoreboard: a draw published before and changed since (new results), not a new one. */
    updated: z.boolean().optional(),
    /** new_order_of_play: the user's match found in the file (docs/decisions/204). */
    match: orderOfPlayMatchSchema.optional(),
    /** new_order_of_play, new_document: the file on our server (`/api/competitions/{guid}/files/{kind}/{name}`). */
    fileUrl: z
      .string()
      .max(1000)
      .regex(/^\/api\/competitions\//)
      .optional(),
  })
  .meta({ id: 'NotificationParams' });
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: notificationTypeSchema,
    group: notificationGroupSchema,
    params: notificationParamsSchema,
    read: z.boolean(),
    readAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const listNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
  /** The `nextCursor` of the previous page; absent for the first (newest) page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
    unreadCount: z.number().int().min(0),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z
  .object({ unreadCount: z.number().int().min(0) })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllResultSchema = z
  .object({ updated: z.number().int().min(0), unreadCount: z.number().int().min(0) })
  .meta({ id: 'ReadAllResult' });
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

// --- Preferences -------------------------------------------------------------------------

export const notificationPreferenceSchema = z
  .object({ group: notificationGroupSchema, email: z.boolean(), push: z.boolean() })
  .meta({ id: 'NotificationPreference' });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z
  .object({
    /** The profile's email master switch: when off, no notification email is sent whatever the groups say. */
    emailNotifications: z.boolean(),
    /** The profile's push switch: on once a device is registered, off after "deactivate all". */
    pushNotifications: z.boolean(),
    /** One entry per group, in NOTIFICATION_GROUPS order. */
    preferences: z.array(notificationPreferenceSchema),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** One preference: one channel of one group. */
export const updateNotificationPreferenceBodySchema = z
  .object({ group: notificationGroupSchema, channel: notificationChannelSchema, enabled: z.boolean() })
  .meta({ id: 'UpdateNotificationPreference' });
export type UpdateNotificationPreferenceBody = z.infer<typeof updateNotificationPreferenceBodySchema>;

export const bulkUpdateNotificationPreferencesBodySchema = z
  .object({
    preferences: z
      .array(updateNotificationPreferenceBodySchema)
      .min(1)
      .max(NOTIFICATION_GROUPS.length * NOTIFICATION_CHANNELS.length),
  })
  .meta({ id: 'BulkUpdateNotificationPreferences' });
export type BulkUpdateNotificationPreferencesBody = z.infer<
  typeof bulkUpdateNotificationPreferencesBodySchema
>;

export const notificationTypesSchema = z
  .object({
    channels: z.array(notificationChannelSchema),
    groups: z.array(
      z.object({
        group: notificationGroupSchema,
        types: z.array(notificationTypeSchema),
        defaults: z.object({ email: z.boolean(), push: z.boolean() }),
      }),
    ),
  })
  .meta({ id: 'NotificationTypes' });
export type NotificationTypes = z.infer<typeof notificationTypesSchema>;

/** The whole grid with every channel of every group set to `enabled` (the enable-all toggle). */
export function allPreferencesBody(enabled: boolean): BulkUpdateNotificationPreferencesBody {
  return {
    preferences: NOTIFICATION_GROUPS.flatMap((group) =>
      NOTIFICATION_CHANNELS.map((channel) => ({ group, channel, enabled })),
    ),
  };
}

// --- Unsubscribe (tokenised, no login) -------------------------------------------------------

/** An unsubscribe token as carried in links: `v1.<userId>.<expiry seconds>.<signature>`. */
export const unsubscribeTokenParamSchema = z.object({ token: z.string().min(1).max(300) });

export const unsubscribePreferencesSchema = notificationPreferencesSchema
  .extend({
    /** Whose preferences these are; the address is partly hidden. */
    account: z.object({ username: z.string(), email: z.string() }),
  })
  .meta({ id: 'UnsubscribePreferences' });
export type UnsubscribePreferences = z.infer<typeof unsubscribePreferencesSchema>;

// --- Devices (web push and native tokens) -----------------------------------------------------

/** Device info sent with a push token (spec §3). Unknown fields are dropped, empty ones too. */
export const deviceInfoSchema = z
  .object({
    /** Windows, MacOS, Linux, Android, iOS or unknown; native apps send their OS version. */
    os: z.string().max(50).optional(),
    browser: z.string().max(50).optional(),
    platform: z.string().max(100).optional(),
    deviceId: z.string().max(100).optional(),
    timestamp: z.union([z.number(), z.string().max(50)]).optional(),
    touchscreen: z.boolean().optional(),
    screenWidth: z.number().int().min(0).max(100_000).optional(),
    screenHeight: z.number().int().min(0).max(100_000).optional(),
    language: z.string().max(35).optional(),
    deviceMemory: z.number().min(0).max(10_000).optional(),
    hardwareConcurrency: z.number().int().min(0).max(10_000).optional(),
    networkConnection: z.string().max(20).optional(),
    // Native-app hand-off (spec §3).
    appVersion: z.string().max(50).optional(),
    deviceModel: z.string().max(100).optional(),
    pushStatus: z.string().max(50).optional(),
  })
  .meta({ id: 'DeviceInfo' });
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** Drops the empty fields of a device info (spec §3): undefined, null, blank strings and NaN. */
export function compactDeviceInfo<T extends Record<string, unknown>>(info: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(info)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as Partial<T>;
}

export const registerDeviceTokenBodySchema = z
  .object({
    /**
     * A web push subscription as JSON (`JSON.stringify(pushSubscription)`: endpoint and keys),
     * or a native app's FCM registration token.
     */
    token: z.string().trim().min(1).max(4096),
    deviceInfo: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'RegisterDeviceToken' });
export type RegisterDeviceTokenBody = z.infer<typeof registerDeviceTokenBodySchema>;

export const DEVICE_TOKEN_KINDS = ['webpush', 'fcm'] as const;
export type DeviceTokenKind = (typeof DEVICE_TOKEN_KINDS)[number];

export const deviceTokenSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(DEVICE_TOKEN_KINDS),
    active: z.boolean(),
    deviceInfo: deviceInfoSchema,
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    deactivatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DeviceToken' });
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

export const deviceTokenListSchema = z
  .object({ tokens: z.array(deviceTokenSchema) })
  .meta({ id: 'DeviceTokenList' });
export type DeviceTokenList = z.infer<typeof deviceTokenListSchema>;

export const deactivateAllResultSchema = z
  .object({ deactivated: z.number().int().min(0) })
  .meta({ id: 'DeactivateAllResult' });

export const vapidPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'VapidPublicKey' });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** What the service worker receives in a push message (spec §3 "Foreground push message"). */
export type PushMessagePayload = {
  notification: { title: string; body: string };
  data: { title: string; body: string; url: string; notificationId: string; type: InboxNotificationType };
};
