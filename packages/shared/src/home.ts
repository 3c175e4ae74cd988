/**
 * Payloads of the dashboard (`GET /api/home`), the landing's figures (`GET /api/stats`), the
 * public client configuration (`GET /api/config/public`), the contact form
 * (`POST /api/contact`), What's New (`GET /api/whats-new`), the personal calendar feed
 * (`GET /api/calendar`) and the filters' match counts (`GET /api/filters/match-counts`).
 */
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, EMAIL_MAX } from './constants';
import { orderOfPlayMatchSchema } from './order-of-play';

const isoInstant = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

/** An Italian postal code (CAP): five digits. */
export const postalCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'validation.postalCode');

/**
 * `GET /api/home` query: the postal code of "tournaments near you", or the browser's position
 * (the nearest comune's CAP is used). Neither: the card asks for one.
 */
export const homeQuerySchema = z
  .object({
    postal: postalCodeSchema.optional(),
    lat: z.coerce.number().min(35).max(48).optional(),
    lng: z.coerce.number().min(6).max(19).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'validation.invalidValue',
    path: ['lat'],
  });
export type HomeQuery = z.input<typeof homeQuerySchema>;

/** A competition as the dashboard's cards show it. */
export const homeCompetitionSchema = z.object({
  guid: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  provinceSigla: z.string().nullable(),
  startDate: isoDate,
  endDate: isoDate,
  /** 1 concluded, 2 ongoing, 3 open registration, 4 upcoming. */
  status: z.literal([1, 2, 3, 4]),
  registrationClosesAt: isoInstant.nullable(),
});
export type HomeCompetition = z.infer<typeof homeCompetitionSchema>;

/** The place a postal code stands for. */
export const postalPlaceSchema = z.object({
  postalCode: z.string(),
  comune: z.string(),
  provinceSigla: z.string(),
  provinceName: z.string().nullable(),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
});
export type PostalPlace = z.infer<typeof postalPlaceSchema>;

export const NEAR_YOU_LIMIT = 5;
export const NEAR_YOU_RULES = ['distance', 'province', 'region'] as const;
export type NearYouRule = (typeof NEAR_YOU_RULES)[number];

export const nearYouItemSchema = homeCompetitionSchema.extend({
  /** Kilometres as the crow flies, when both points are known. */
  distanceKm: z.number().nullable(),
  /** Why it is listed: its distance, else the same province, else the same region. */
  rule: z.enum(NEAR_YOU_RULES),
});
export type NearYouItem = z.infer<typeof nearYouItemSchema>;

export const weekDaySchema = z.object({
  date: isoDate,
  /** Followed tournaments played on the day. */
  tournaments: z.array(
    z.object({
      subscriptionId: z.uuid(),
      guid: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      startDate: isoDate,
      endDate: isoDate,
    }),
  ),
  /** Registration deadlines of followed tournaments that fall on the day (Rome time). */
  deadlines: z.array(
    z.object({ subscriptionId: z.uuid(), guid: z.string(), name: z.string(), closesAt: isoInstant }),
  ),
});
export type WeekDay = z.infer<typeof weekDaySchema>;

export const homeSchema = z
  .object({
    /** The name the greeting uses: the federation player's first name when known, else the username. */
    greetingName: z.string(),
    myTournaments: z.object({
      count: z.number().int(),
      /** Followed, not lost, not concluded: the soonest first. */
      items: z.array(homeCompetitionSchema.extend({ subscriptionId: z.uuid() })),
    }),
    activeFilters: z.object({
      count: z.number().int(),
      total: z.number().int(),
      items: z.array(z.object({ id: z.uuid(), name: z.string() })),
    }),
    federation: z.object({
      connected: z.boolean(),
      cardNumber: z.string().nullable(),
      /** The player's latest ranking in our data (from entry lists), when connected and known. */
      ranking: z.string().nullable(),
    }),
    nearYou: z.object({
      /** Null when no postal code or position was given. */
      place: postalPlaceSchema.nullable(),
      items: z.array(nearYouItemSchema),
    }),
    week: z.object({ from: isoDate, to: isoDate, today: isoDate, days: z.array(weekDaySchema) }),
    /** A followed tournament being played (active), else the last one that ended (completed). */
    current: homeCompetitionSchema
      .extend({
        subscriptionId: z.uuid(),
        state: z.enum(['active', 'completed']),
        /** The card holder's next match in its orders of play, from today on (decision 204). */
        myMatch: orderOfPlayMatchSchema.nullable(),
      })
      .nullable(),
    /** The followed tournament that starts next. */
    next: homeCompetitionSchema
      .extend({
        subscriptionId: z.uuid(),
        provinceName: z.string().nullable(),
        myMatch: orderOfPlayMatchSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Home' });
export type Home = z.infer<typeof homeSchema>;

/** `GET /api/stats`: the landing's figures. */
export const ITALIAN_REGIONS_COUNT = 20;
export const STATS_CACHE_SECONDS = 300;

/**
 * The landing shows "Utenti attivi" only from this many on (docs/decisions/197): a handful of
 * users tells a visitor nothing good; the other figures always show.
 */
export const ACTIVE_USERS_SHOWN_FROM = 50;
export const statsSchema = z
  .object({
    /** Competitions not concluded (end date today or later, Rome). */
    activeTournaments: z.number().int(),
    /** Verified accounts. */
    activeUsers: z.number().int(),
    /** Regions with an active tournament, of {@link ITALIAN_REGIONS_COUNT}. */
    regions: z.number().int(),
    regionsTotal: z.literal(ITALIAN_REGIONS_COUNT),
    /** Active tournaments per region (ISTAT id), for the map; regions without any are absent. */
    byRegion: z.array(z.object({ regionId: z.number().int(), activeTournaments: z.number().int() })),
    /** When the figures were counted. */
    countedAt: isoInstant,
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof statsSchema>;

/**
 * `GET /api/config/public`: the links the client shows only when configured (null = hide the
 * element). The app promotion bar reads the store links from here too.
 */
export const publicConfigSchema = z
  .object({
    donationUrl: z.string().nullable(),
    communityUrl: z.string().nullable(),
    iosAppUrl: z.string().nullable(),
    androidAppUrl: z.string().nullable(),
    /** The app's own address (for sharing and its QR code). */
    appUrl: z.string(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The contact form (spec §2, §3 Contact message, §5, §9). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const contactBodySchema = z
  .object({
    name: z.string().trim().min(1).max(CONTACT_NAME_MAX),
    email: z.string().trim().min(1).max(EMAIL_MAX).pipe(z.email()),
    subject: z.string().trim().min(1).max(CONTACT_SUBJECT_MAX),
    message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX, 'validation.contactMessageTooLong'),
    /** Honeypot: a field people never see; anything in it marks a bot. */
    website: z.string().max(500).optional(),
  })
  .meta({ id: 'ContactBody' });
export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactBodyInput = z.input<typeof contactBodySchema>;

/** `GET /api/calendar`: the secret address of the user's calendar feed. */
export const calendarFeedSchema = z
  .object({
    /** https address of the feed (text/calendar). */
    url: z.string(),
    /** The same address as webcal://, which calendar apps subscribe to. */
    webcalUrl: z.string(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) });

/** `GET /api/filters/match-counts`: per filter, how many current tournaments it matches. */
export const filterMatchCountsSchema = z
  .object({ items: z.array(z.object({ filterId: z.uuid(), count: z.number().int() })) })
  .meta({ id: 'FilterMatchCounts' });
export type FilterMatchCounts = z.infer<typeof filterMatchCountsSchema>;
