/**
 * Payloads of the competitions API: search (`POST /api/competitions/search_competitions`),
 * detail (`GET /api/competitions/{guid}`), the degraded-service answer (spec §4) and the
 * geographic reference data.
 */
import { z } from 'zod';
import {
  ADMISSION_TYPES,
  COMPETITION_STATUSES,
  FILTER_REASONS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  TOURNAMENT_ITEM_KINDS,
} from './competitions';
import { entryVerdictSchema } from './entry-verdict';
import { searchFiltersSchema } from './filters';
import { CUT_LINE_STATES, drawNameFieldsSchema } from './fitp';
import { orderOfPlayMatchSchema } from './order-of-play';

export const SEARCH_VIEWS = ['tournaments', 'overview', 'schedule', 'documents'] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];
/**
 * The list's orders. Both put first what a player can still enter: competitions not concluded,
 * individual before team championships, registration still ahead (open or to open) before the
 * rest; then `start`: soonest start first, `deadline`: soonest registration deadline first,
 * `distance`: nearest to the criteria's `nearPostalCode` first (unknown distances after the
 * known ones, each then by start). Concluded competitions come last, most recent first.
 */
export const SEARCH_SORTS = ['start', 'deadline', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * A federation identifier (a competition's guid, a tournament's uuid) as the API accepts it:
 * any case, canonical upper case out.
 */
export const federationIdSchema = z
  .string()
  .trim()
  .regex(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'validation.invalidFormat',
  )
  .transform((id) => id.toUpperCase());

/** A competition's guid as the API accepts it. */
export const competitionGuidSchema = federationIdSchema;

export const searchCompetitionsBodySchema = z
  .object({
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
    /** Free text on the name, the club and the city. */
    search: z.string().trim().max(200).default(''),
    filters: searchFiltersSchema.prefault({}),
    /** The explore tab the answer is for: overview adds aggregates, documents lists documents. */
    view: z.enum(SEARCH_VIEWS).default('tournaments'),
    /** The list's order (`SEARCH_SORTS`). */
    sort: z.enum(SEARCH_SORTS).default('start'),
    /** Only competitions with a draw the user's card may enter now (ignored without a card; docs/decisions/206). */
    eligibleOnly: z.boolean().default(false),
  })
  .meta({ id: 'SearchCompetitionsBody' });
export type SearchCompetitionsBody = z.input<typeof searchCompetitionsBodySchema>;
export type SearchCompetitionsQuery = z.output<typeof searchCompetitionsBodySchema>;

const statusSchema = z.union(COMPETITION_STATUSES.map((s) => z.literal(s)));
const isoInstant = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

export const matchingFiltersSchema = z.object({
  /** How many of the user's active filters match. */
  count: z.number().int(),
  /** Why they match: the union of their reasons, in the spec's order. */
  reasons: z.array(z.enum(FILTER_REASONS)),
});

/** What names a tournament (a draw) and how full it is: in the search's summaries and in My tournaments. */
export const tournamentDrawFields = {
  description: z.string(),
  type: z.string().nullable(),
  categoryClass: z.number().int().nullable(),
  ageCategory: z.string().nullable(),
  participantsCount: z.number().int(),
  maxParticipants: z.number().int().nullable(),
};

export const tournamentSummarySchema = z.object({
  uuid: z.string(),
  ...tournamentDrawFields,
  /** The user follows it (spec §3 Subscription). */
  followed: z.boolean(),
  /** The user's subscription to it (the `{id}` of the subscriptions calls); null when not followed. */
  subscriptionId: z.uuid().nullable(),
  /** The user marked it lost. */
  lost: z.boolean(),
  /** Whether the user's card may enter it now, else the first reason why not; null without a card (docs/decisions/206). */
  eligibility: entryVerdictSchema.nullable(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

export const competitionSummarySchema = z
  .object({
    guid: z.string(),
    name: z.string(),
    club: z.string().nullable(),
    city: z.string().nullable(),
    provinceSigla: z.string().nullable(),
    provinceId: z.number().int().nullable(),
    regionId: z.number().int().nullable(),
    startDate: isoDate,
    endDate: isoDate,
    codFonte: z.number().int().nullable(),
    fonteLabel: z.string().nullable(),
    status: statusSchema,
    prizeMoney: z.number().int(),
    registrationOpensAt: isoInstant.nullable(),
    registrationClosesAt: isoInstant.nullable(),
    onlineRegistration: z.boolean().nullable(),
    authorized: z.boolean().nullable(),
    mainDraw: z.object({
      type: z.string().nullable(),
      categoryClass: z.number().int().nullable(),
      ageCategory: z.string().nullable(),
    }),
    participantsCount: z.number().int(),
    itemsCount: z.number().int(),
    /** Added in the last 48 hours (spec §9). */
    isNew: z.boolean(),
    /** When the app first saw it; null for the ones loaded by the first ingestion. */
    addedAt: isoInstant.nullable(),
    /** The federation's last change (`data_modifica`). */
    federationUpdatedAt: isoInstant.nullable(),
    tournaments: z.array(tournamentSummarySchema),
    followed: z.boolean(),
    lost: z.boolean(),
    matchingFilters: matchingFiltersSchema,
    /** Whether the user's card may enter one of its draws now (else why not); null without a card. */
    eligibility: entryVerdictSchema.nullable(),
    /**
     * Kilometres (one decimal) from the search's `nearPostalCode` to where it is played; null
     * without a centre or when its place is unknown.
     */
    distanceKm: z.number().nullable(),
  })
  .meta({ id: 'CompetitionSummary' });
export type CompetitionSummary = z.infer<typeof competitionSummarySchema>;

export const tournamentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TOURNAMENT_ITEM_KINDS),
  title: z.string(),
  url: z.string().nullable(),
  /** The day of play, for orders of play. */
  date: isoDate.nullable(),
  publishedAt: isoInstant.nullable(),
});
export type TournamentItem = z.infer<typeof tournamentItemSchema>;

export const documentEntrySchema = tournamentItemSchema
  .extend({
    competitionGuid: z.string(),
    competitionName: z.string(),
    city: z.string().nullable(),
    provinceSigla: z.string().nullable(),
    tournamentUuid: z.string(),
    tournamentDescription: z.string(),
    /** The draw's type, class and age, to name it in the interface's language; null for a competition's file. */
    tournamentDraw: drawNameFieldsSchema.nullable(),
  })
  .meta({ id: 'DocumentEntry' });
export type DocumentEntry = z.infer<typeof documentEntrySchema>;

export const searchOverviewSchema = z
  .object({
    byStatus: z.array(z.object({ status: statusSchema, count: z.number().int() })),
    byRegion: z.array(z.object({ regionId: z.number().int().nullable(), count: z.number().int() })),
    bySource: z.array(z.object({ codFonte: z.number().int().nullable(), count: z.number().int() })),
    byPrizeBand: z.array(
      z.object({ band: z.enum(['none', '500', '1000', '1001']), count: z.number().int() }),
    ),
    newCount: z.number().int(),
    /** Open registrations closing first. */
    closingSoon: z.array(competitionSummarySchema),
  })
  .meta({ id: 'SearchOverview' });
export type SearchOverview = z.infer<typeof searchOverviewSchema>;

export const searchCompetitionsResponseSchema = z
  .object({
    view: z.enum(SEARCH_VIEWS),
    page: z.number().int(),
    limit: z.number().int(),
    /** Competitions matching (documents, for the documents view). */
    total: z.number().int(),
    items: z.array(competitionSummarySchema),
    documents: z.array(documentEntrySchema),
    overview: searchOverviewSchema.nullable(),
  })
  .meta({ id: 'SearchCompetitionsResponse' });
export type SearchCompetitionsResponse = z.infer<typeof searchCompetitionsResponseSchema>;

export const participantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  membershipCard: z.string().nullable(),
  ranking: z.string().nullable(),
  /** Ranking value (class + sub-rank/100, NC = 99); null when not a ranking. */
  rankingValue: z.number().nullable(),
  subscriptionDate: isoInstant.nullable(),
  club: z.string().nullable(),
  /** Position by the tournament's admission rule, out of the participants count (spec §4). */
  position: z.number().int(),
  /** The signed-in user's own entry (by their card). */
  isMe: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

/** A doubles partner, as the entry list names them. */
export const partnerSchema = z.object({
  name: z.string(),
  surname: z.string(),
  membershipCard: z.string().nullable(),
  ranking: z.string().nullable(),
});

export const myEntrySchema = z.object({
  participantId: z.number().int(),
  position: z.number().int(),
  /** Entries: players in singles, pairs in doubles. */
  total: z.number().int(),
  subscriptionDate: isoInstant.nullable(),
  /** Inside the draw's MaxParticipants, or among the reserves (the cut line). */
  cutLine: z.enum(CUT_LINE_STATES),
  /** Among the reserves: the place in the reserves list (1 = first reserve); else null. */
  reservePosition: z.number().int().nullable(),
  /** Doubles: the other player of the user's pair; null in singles. */
  partner: partnerSchema.nullable(),
});

/**
 * One band's registration deadline (contract §3): players ranked from `minRank` (the weakest,
 * `4.NC`) up to `maxRank` (the best, `4.1`), until `closesAt`; `byReferee` when the referee sets it.
 */
export const deadlineBandSchema = z.object({
  minRank: z.string(),
  maxRank: z.string(),
  closesAt: isoInstant.nullable(),
  byReferee: z.boolean(),
});
export type DeadlineBand = z.infer<typeof deadlineBandSchema>;

export const venueSchema = z.object({
  address: z.string().nullable(),
  cap: z.string().nullable(),
  municipality: z.string().nullable(),
  province: z.string().nullable(),
});
export type Venue = z.infer<typeof venueSchema>;

/** The files of a competition relayed by our server (the federation blocks browsers by CORS). */
export const COMPETITION_FILE_KINDS = ['document', 'rules', 'order_of_play'] as const;
export type CompetitionFileKind = (typeof COMPETITION_FILE_KINDS)[number];

/** Our server's link to a competition's file (the route below). */
export const competitionFileUrl = (guid: string, kind: CompetitionFileKind, fileName: string) =>
  `/api/competitions/${guid}/files/${kind}/${encodeURIComponent(fileName)}`;

/** A federation file name as `GET /api/competitions/{guid}/files/{kind}/{fileName}` accepts it. */
export const competitionFileNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine(
    (name) =>
      name !== '.' &&
      name !== '..' &&
      ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 32),
    'validation.invalidFormat',
  );

export const competitionFileParamsSchema = z.object({
  guid: competitionGuidSchema,
  kind: z.enum(COMPETITION_FILE_KINDS),
  fileName: competitionFileNameSchema,
});

export const competitionFileSchema = z.object({
  kind: z.enum(COMPETITION_FILE_KINDS),
  /** The federation's file name (the key of the file route). */
  fileName: z.string(),
  title: z.string(),
  /** Our server's link to it (`/api/competitions/{guid}/files/{kind}/{fileName}`). */
  url: z.string(),
  /** The day of play, for orders of play. */
  date: isoDate.nullable(),
  publishedAt: isoInstant.nullable(),
});
export type CompetitionFile = z.infer<typeof competitionFileSchema>;

/** One side of a draw's match: a player, or a pair in doubles. */
export const drawSideSchema = z.object({
  players: z.array(z.object({ name: z.string(), ranking: z.string().nullable() })),
  seed: z.number().int().nullable(),
  retired: z.boolean(),
  absent: z.boolean(),
  /** The signed-in user's side: their card, or their pair's in doubles (cards are not sent). */
  mine: z.boolean(),
});
export type DrawSideDto = z.infer<typeof drawSideSchema>;

export const drawMatchSchema = z.object({
  position: z.number().int(),
  /** Top and bottom; null = an empty slot (a bye). */
  sides: z.tuple([drawSideSchema.nullable(), drawSideSchema.nullable()]),
  /** From the winner's side (`63 61`); null when unplayed. */
  score: z.string().nullable(),
  /** 0 top, 1 bottom; null when unplayed. */
  winner: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type DrawMatchDto = z.infer<typeof drawMatchSchema>;

/** One match of the user's way through a draw (packages/shared draw-bracket.ts). */
export const myDrawStepSchema = z.object({
  round: z.number().int(),
  position: z.number().int(),
  outcome: z.enum(['won', 'lost', 'bye']),
  opponent: drawSideSchema.nullable(),
  /** From the winner's side, as written; null for a bye or a walkover. */
  score: z.string().nullable(),
  retired: z.enum(['me', 'opponent']).nullable(),
  walkover: z.boolean(),
});
export type MyDrawStep = z.infer<typeof myDrawStepSchema>;

/** The user's draw: their side, matches played, the next match and its (potential) opponents. */
export const myDrawSchema = z.object({
  side: drawSideSchema,
  status: z.enum(['playing', 'out', 'champion']),
  steps: z.array(myDrawStepSchema),
  next: z
    .object({
      round: z.number().int(),
      position: z.number().int(),
      /** Known once the feeding match is played. */
      opponent: drawSideSchema.nullable(),
      /** Until then: the players of the feeding positions who may still come through. */
      potential: z.array(drawSideSchema),
    })
    .nullable(),
});
export type MyDraw = z.infer<typeof myDrawSchema>;

/** A published draw (one section of a tournament), its matches by round (1 = first round). */
export const drawSchema = z.object({
  sectionCode: z.string(),
  /** The section's description (`Tabellone finale`), when known. */
  title: z.string().nullable(),
  /** How many rounds the draw has (the last is the final), published or not yet. */
  roundsCount: z.number().int(),
  rounds: z.array(z.object({ round: z.number().int(), matches: z.array(drawMatchSchema) })),
  /** The signed-in user's way through it; null when their card is not in it. */
  myDraw: myDrawSchema.nullable(),
});
export type Draw = z.infer<typeof drawSchema>;

export const tournamentDetailSchema = tournamentSummarySchema
  .extend({
    rankingLimit: z.string().nullable(),
    isDouble: z.boolean().nullable(),
    /** Null when the federation does not say (the real detail never does): positions then go by ranking. */
    admissionType: z.enum(ADMISSION_TYPES).nullable(),
    /** `M`, `F`, `MM`, `FF`, `MF`. */
    gender: z.string().nullable(),
    /** Age codes as written (`U12`, `NOR`, `O45`). */
    ageCodes: z.array(z.string()),
    /** The bands that may enter. */
    availableRankings: z.array(z.string()),
    /** The tournament's overall closing of registrations. */
    registrationClosesAt: isoInstant.nullable(),
    /** Registration deadlines per ranking band (contract §3), in the federation's order. */
    deadlines: z.array(deadlineBandSchema),
    /** The court type (`TennisCourtType`). */
    surface: z.string().nullable(),
    balls: z.string().nullable(),
    matchFormat: z.string().nullable(),
    /** The fee as written, with line breaks. */
    fee: z.string().nullable(),
    /** `HH:mm`, Rome. */
    weekdayMatchTime: z.string().nullable(),
    festiveMatchTime: z.string().nullable(),
    billboardTime: z.string().nullable(),
    nightPlay: z.boolean().nullable(),
    courts: z.number().int().nullable(),
    venue: venueSchema.nullable(),
    participants: z.array(participantSchema),
    draws: z.array(drawSchema),
    notificationsEnabled: z.boolean().nullable(),
    /** The signed-in user's entry, by their card (null without a card or when not entered). */
    myEntry: myEntrySchema.nullable(),
  })
  .meta({ id: 'TournamentDetail' });
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

export const competitionDetailSchema = competitionSummarySchema
  .omit({ tournaments: true })
  .extend({
    rulesUrl: z.string().nullable(),
    externalUrl: z.string().nullable(),
    /** When the app last read the competition's detail from the federation. */
    detailUpdatedAt: isoInstant.nullable(),
    /**
     * False when the federation publishes no detail for it (team championships, TPRA): the page
     * shows the list's data and says so, instead of an error.
     */
    detailPublished: z.boolean(),
    /** False when the federation gives no end date (team championships): `endDate` repeats the start. */
    endDateKnown: z.boolean(),
    /** The list's ranking bands and age codes as written (`3.1`, `4.NC`; `U12`, `NOR`). */
    bands: z.array(z.string()),
    ageCodes: z.array(z.string()),
    /** Where it is played: the tournaments' venues, each once. */
    venues: z.array(venueSchema),
    /** Documents, rules and orders of play (by day of play), served by our server. */
    documents: z.array(competitionFileSchema),
    rules: z.array(competitionFileSchema),
    ordersOfPlay: z.array(competitionFileSchema),
    /** The card holder's next match in the orders of play, from today on (decision 204). */
    myMatch: orderOfPlayMatchSchema.nullable(),
    /** Whether the user has a federation card (positions of "my entry" need one). */
    hasCard: z.boolean(),
    /** The ranking of the user's card (eligibility is computed from it); null without a card. */
    cardRanking: z.string().nullable(),
    tournaments: z.array(tournamentDetailSchema),
  })
  .meta({ id: 'CompetitionDetail' });
export type CompetitionDetail = z.infer<typeof competitionDetailSchema>;

export const competitionDetailResponseSchema = z
  .object({ competition: competitionDetailSchema })
  .meta({ id: 'CompetitionDetailResponse' });
export type CompetitionDetailResponse = z.infer<typeof competitionDetailResponseSchema>;

/** Spec §4 Degraded service: a 207 answer with what is stored when the federation is down. */
export const degradedSchema = <T extends z.ZodType>(data: T) =>
  z.object({ serviceDown: z.literal(true), data, message: z.string() });

export const referenceGeoResponseSchema = z
  .object({
    regions: z.array(z.object({ id: z.number().int(), name: z.string() })),
    provinces: z.array(
      z.object({ id: z.number().int(), sigla: z.string(), name: z.string(), regionId: z.number().int() }),
    ),
  })
  .meta({ id: 'ReferenceGeo' });
export type ReferenceGeoResponse = z.infer<typeof referenceGeoResponseSchema>;
