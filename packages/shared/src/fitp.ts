/**
 * The federation card (spec §1-§5, §7): the card number's format, the player data, the sync of
 * federation entries with followed tournaments, eligibility by ranking, and every payload of
 * `/api/fitp/*`. See docs/decisions/100-101.
 */
import { z } from 'zod';
import { SUCCESS_CODES } from './errors';
import { rankingValue } from './positions';

/**
 * Shortest and longest card numbers accepted (docs/decisions/100): the federation's card numbers
 * seen in public entry lists have 6 to 9 digits (older cards are shorter); 12 leaves room.
 */
export const MEMBERSHIP_CARD_MIN_LENGTH = 6;
export const MEMBERSHIP_CARD_MAX_LENGTH = 12;

export type MembershipCardProblem = 'cardRequired' | 'cardDigitsOnly' | 'cardTooShort' | 'cardTooLong';

/** A card number as typed, without the spaces, dots and dashes people write in it. */
export const cleanMembershipCard = (value: string): string => value.replace(/[\s.-]/g, '');

/** What is wrong with a typed card number (spec §5), or null when its format is fine. */
export function membershipCardProblem(value: string | null | undefined): MembershipCardProblem | null {
  const card = cleanMembershipCard(value ?? '');
  if (card === '') return 'cardRequired';
  if (!/^\d+$/.test(card)) return 'cardDigitsOnly';
  if (card.length < MEMBERSHIP_CARD_MIN_LENGTH) return 'cardTooShort';
  if (card.length > MEMBERSHIP_CARD_MAX_LENGTH) return 'cardTooLong';
  return null;
}

/** The form's rule: each problem's message is a `validation.` key of the shared catalogues. */
export const membershipCardSchema = z.string().superRefine((value, ctx) => {
  const problem = membershipCardProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `validation.${problem}` });
});

/**
 * `POST /api/fitp/validate`. The body takes any text: the format is checked by the service, so
 * an empty card gets its own message (spec §5) rather than the generic "required".
 */
export const validateCardBodySchema = z
  .object({ membershipCard: z.string().max(64).default('') })
  .meta({ id: 'ValidateCardBody' });
export type ValidateCardBody = z.input<typeof validateCardBodySchema>;

const isoInstant = z.iso.datetime({ offset: true });

/** What the player says of themselves in Settings › FITP: gender in the draws' sense. */
export const PLAYER_GENDERS = ['M', 'F'] as const;
export type PlayerGender = (typeof PLAYER_GENDERS)[number];

/** Spec §3 Federation player data. */
export const fitpPlayerDataSchema = z
  .object({
    name: z.string(),
    surname: z.string(),
    tennisClub: z.string().nullable(),
    municipality: z.string().nullable(),
    province: z.string().nullable(),
    category: z.string().nullable(),
    /** Current ranking (`4.1`, `3.NC`). */
    ranking: z.string().nullable(),
    /** Best ranking and its season. */
    maxRank: z.string().nullable(),
    maxRankSeason: z.string().nullable(),
    /** When the federation last updated the data (its rankings are monthly). */
    lastUpdated: isoInstant.nullable(),
  })
  .meta({ id: 'FitpPlayerData' });
export type FitpPlayerData = z.infer<typeof fitpPlayerDataSchema>;

export const fitpCardSchema = z
  .object({
    membershipCard: z.string(),
    player: fitpPlayerDataSchema,
    /** When the app last read the data from the federation. */
    fetchedAt: isoInstant,
    connectedAt: isoInstant,
    /** Follow the tournaments the card enters automatically (the card radar). */
    autoFollow: z.boolean(),
    /** Entries and follows differ and the user has not reviewed them yet (the sync dialog). */
    syncPending: z.boolean(),
    /** The user chose "review later" at this instant (the dashboard reminds them). */
    syncDeferredAt: isoInstant.nullable(),
    /** What the card sheet does not say, as the player gave it (docs/decisions/206); null: not given. */
    gender: z.enum(PLAYER_GENDERS).nullable(),
    birthYear: z.number().int().nullable(),
  })
  .meta({ id: 'FitpCard' });
export type FitpCard = z.infer<typeof fitpCardSchema>;

/** `GET /api/fitp/data` and `POST /api/fitp/validate`: the card, or null when none is connected. */
export const fitpDataResponseSchema = z.object({ card: fitpCardSchema.nullable() }).meta({ id: 'FitpData' });
export type FitpDataResponse = z.infer<typeof fitpDataResponseSchema>;

/** The earliest birth year accepted (the latest is the current year). */
export const BIRTH_YEAR_MIN = 1900;

/** A birth year from 1900 to the current year (`validation.birthYearRange`), or null: not given. */
export const birthYearSchema = z
  .number()
  .int('validation.birthYearRange')
  .nullable()
  .superRefine((year, ctx) => {
    if (year !== null && (year < BIRTH_YEAR_MIN || year > new Date().getUTCFullYear()))
      ctx.addIssue({ code: 'custom', message: 'validation.birthYearRange' });
  });

/**
 * `PATCH /api/fitp/settings`: the card radar's switch, and what the card sheet does not say (gender
 * in the draws' sense, birth year: docs/decisions/206). Each field is optional; null clears it.
 */
export const fitpSettingsBodySchema = z
  .object({
    autoFollow: z.boolean().optional(),
    gender: z.enum(PLAYER_GENDERS, { message: 'validation.invalidValue' }).nullable().optional(),
    birthYear: birthYearSchema.optional(),
  })
  .meta({ id: 'FitpSettingsBody' });
export type FitpSettingsBody = z.input<typeof fitpSettingsBodySchema>;

/** The dashboard's card status (spec §2), also what `GET /api/home` embeds. */
export const fitpCardStatusSchema = z
  .object({
    connected: z.boolean(),
    membershipCard: z.string().nullable(),
    name: z.string().nullable(),
    ranking: z.string().nullable(),
    syncPending: z.boolean(),
    syncDeferredAt: isoInstant.nullable(),
    /** Gender and birth year are both given (Explore's "only tournaments I can enter" asks otherwise). */
    profileComplete: z.boolean(),
  })
  .meta({ id: 'FitpCardStatus' });
export type FitpCardStatus = z.infer<typeof fitpCardStatusSchema>;

// --- Sync (spec §4 Federation sync dialog) -----------------------------------------------------

const guid = z
  .string()
  .trim()
  .regex(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'validation.invalidFormat',
  )
  .transform((g) => g.toUpperCase());

/** What names a draw in any language (`drawName` in the web client): its type, class and age. */
export const drawNameFieldsSchema = z.object({
  type: z.string().nullable(),
  categoryClass: z.number().int().nullable(),
  ageCategory: z.string().nullable(),
});

export const fitpSyncItemSchema = z
  .object({
    competitionGuid: z.string(),
    tournamentUuid: z.string(),
    competitionName: z.string(),
    tournamentDescription: z.string().nullable(),
    /** The draw's type, class and age, to name it in the interface's language. */
    tournamentDraw: drawNameFieldsSchema.nullable(),
    startDate: z.iso.date().nullable(),
    endDate: z.iso.date().nullable(),
    city: z.string().nullable(),
    provinceSigla: z.string().nullable(),
    /** When the card entered (the federation's subscription date); null when unknown. */
    subscriptionDate: isoInstant.nullable(),
  })
  .meta({ id: 'FitpSyncItem' });
export type FitpSyncItem = z.infer<typeof fitpSyncItemSchema>;

export const fitpSyncResponseSchema = z
  .object({
    /** Tournaments the card is entered in that the user does not follow. */
    toAdd: z.array(fitpSyncItemSchema),
    /** Tournaments followed because of the card whose entry list no longer has it. */
    toRemove: z.array(fitpSyncItemSchema),
  })
  .meta({ id: 'FitpSync' });
export type FitpSyncResponse = z.infer<typeof fitpSyncResponseSchema>;

const syncRefSchema = z.object({ competitionGuid: guid, tournamentUuid: guid });
export type FitpSyncRef = z.output<typeof syncRefSchema>;

export const FITP_SYNC_MAX_ITEMS = 200;

export const fitpSyncApplyBodySchema = z
  .object({
    add: z.array(syncRefSchema).max(FITP_SYNC_MAX_ITEMS).default([]),
    remove: z.array(syncRefSchema).max(FITP_SYNC_MAX_ITEMS).default([]),
  })
  .meta({ id: 'FitpSyncApplyBody' });
export type FitpSyncApplyBody = z.input<typeof fitpSyncApplyBodySchema>;

export const FITP_SYNC_OUTCOMES = ['success', 'partial', 'failure'] as const;
export type FitpSyncOutcome = (typeof FITP_SYNC_OUTCOMES)[number];

export const fitpSyncResultSchema = z
  .object({
    outcome: z.enum(FITP_SYNC_OUTCOMES),
    items: z.array(
      z.object({
        action: z.enum(['add', 'remove']),
        competitionGuid: z.string(),
        tournamentUuid: z.string(),
        ok: z.boolean(),
        /** Why it failed: an error code of spec §8 (TOURNAMENT_NOT_FOUND, ALREADY_SUBSCRIBED, …). */
        code: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'FitpSyncResult' });
export type FitpSyncResult = z.infer<typeof fitpSyncResultSchema>;

// --- Data-mismatch report (spec §7) ------------------------------------------------------------

export const FITP_REPORT_MAX_LENGTH = 2000;

export const reportMismatchBodySchema = z
  .object({
    message: z.string().trim().min(1).max(FITP_REPORT_MAX_LENGTH),
    /** A card the user could not connect (already in another account); default: their own card. */
    membershipCard: z.string().trim().max(64).optional(),
  })
  .meta({ id: 'ReportMismatchBody' });
export type ReportMismatchBody = z.input<typeof reportMismatchBodySchema>;

export const reportMismatchResponseSchema = z
  .object({ code: z.enum(SUCCESS_CODES), message: z.string() })
  .meta({ id: 'ReportMismatchResponse' });

// --- Eligibility (docs/decisions/101, 206: the whole rule is entry-verdict.ts) --------------------

/**
 * The ranking value of a draw's limit (the best ranking it admits): its ranking limit, else its
 * category class N read as `N.1`; null when neither is known.
 */
export function drawLimitValue(
  rankingLimit: string | null | undefined,
  categoryClass: number | null | undefined,
) {
  const fromLimit = rankingValue(rankingLimit);
  if (fromLimit !== null) return fromLimit;
  return categoryClass ? categoryClass + 0.01 : null;
}

/** Where an entry stands against the draw's size: in the draw, or among the reserves (the cut line). */
export const CUT_LINE_STATES = ['inside', 'reserve', 'unknown'] as const;
export type CutLineState = (typeof CUT_LINE_STATES)[number];

export function cutLineState(position: number, maxParticipants: number | null | undefined): CutLineState {
  if (!maxParticipants || maxParticipants <= 0) return 'unknown';
  return position <= maxParticipants ? 'inside' : 'reserve';
}

// --- Per-band deadlines (contract §3; docs/decisions/182) ----------------------------------------

/** A band of rankings from `minRank` (the weakest) up to `maxRank` (the best), both included. */
export interface RankingBand {
  readonly minRank: string;
  readonly maxRank: string;
}

/** Whether a ranking lies in a band (inclusive); false when either is not a ranking. */
export function bandHolds(band: RankingBand, ranking: string | null | undefined): boolean {
  const own = rankingValue(ranking);
  const best = rankingValue(band.maxRank);
  const weakest = rankingValue(band.minRank);
  if (own === null || best === null || weakest === null) return false;
  return own >= best - 1e-9 && own <= weakest + 1e-9;
}

/** The first band holding a ranking (the band whose deadline is the player's), or undefined. */
export function bandOfRanking<T extends RankingBand>(
  bands: readonly T[],
  ranking: string | null | undefined,
): T | undefined {
  return bands.find((band) => bandHolds(band, ranking));
}
