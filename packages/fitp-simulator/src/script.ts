/**
 * The scripting hooks: what tests (in-process, or over HTTP under `/__sim`) use to drive the
 * simulator. Inputs are validated with the zod schemas below, shared by both ways in.
 */
import { findProvinceBySigla, findRegionById, PROVINCES, type Province } from '@radar/shared';
import { z } from 'zod';
import { type Clock, type Duration, durationMs } from './clock';
import { nameCompetition } from './competition-names';
import { competitionIdOf } from './dialect';
import type { ActiveFault, FaultRule, Faults } from './faults';
import { type Federation, type FederationStats, NotFoundError } from './federation';
import { assembleCompetition, type DraftTournament } from './generator';
import {
  ADMISSION_TYPES,
  AGE_CATEGORIES,
  type AgeCategory,
  type CodFonte,
  type Competition,
  DRAW_TYPES,
  isDoubles,
  type TournamentSpec,
} from './model';
import { BALLS, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURFACES, SURNAMES } from './names';
import { ORDER_OF_PLAY_LAYOUTS } from './order-of-play-pdf';
import { provinceWeight } from './places';
import { categoryOf, type Gender, type Player } from './players';
import { Rng } from './prng';
import { isRanking, rankingValue } from './rankings';
import { calendarDateOf, DAY_MS, parseInstant, parseLocalDate, romeDayOf, romeInstant } from './rome-time';
import { orderOfPlayTitle } from './timeline';
import { ENDPOINTS, type Endpoint } from './wire';

const instant = z.union([z.string(), z.number(), z.date()]).transform((value, ctx) => {
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : parseInstant(value);
  if (ms === undefined || !Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'expected an instant (ISO date-time, or Rome local time)' });
    return z.NEVER;
  }
  return ms;
});

const localDate = z.string().transform((value, ctx) => {
  const day = parseLocalDate(value);
  if (day === undefined) {
    ctx.addIssue({ code: 'custom', message: 'expected a date YYYY-MM-DD or dd/mm/yyyy' });
    return z.NEVER;
  }
  return day;
});

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a guid')
  .transform((g) => g.toUpperCase());

const ranking = z.string().refine(isRanking, 'expected a ranking such as 3.4 or 4.NC');
const cardNumber = z.string().regex(/^\d{6,12}$/, 'expected the digits of a card number');
const sigla = z.string().transform((s, ctx) => {
  const province = findProvinceBySigla(s);
  if (!province) {
    ctx.addIssue({ code: 'custom', message: `unknown province ${s}` });
    return z.NEVER;
  }
  return province;
});

export const tournamentInputSchema = z.strictObject({
  uid: uuid.optional(),
  type: z.enum(DRAW_TYPES).optional(),
  categoryClass: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  ageCategory: z.enum(AGE_CATEGORIES).optional(),
  rankingLimit: ranking.optional(),
  maxParticipants: z.number().int().min(2).max(512).optional(),
  admissionType: z.enum(ADMISSION_TYPES).optional(),
  surface: z.string().min(1).optional(),
  balls: z.string().min(1).optional(),
  matchFormat: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  /** With `generateActivity`: how many entries arrive over the registration window. */
  targetEntries: z.number().int().min(0).max(512).optional(),
});

export const competitionInputSchema = z.strictObject({
  guid: uuid.optional(),
  name: z.string().min(1).optional(),
  club: z.string().min(1).optional(),
  city: z.string().min(1).optional(),
  /** Province sigla (`RM`). */
  province: sigla.optional(),
  codFonte: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  startDate: localDate.optional(),
  endDate: localDate.optional(),
  prizeMoney: z.number().int().min(0).optional(),
  publishedAt: instant.optional(),
  registrationOpensAt: instant.optional(),
  registrationClosesAt: instant.optional(),
  onlineRegistration: z.boolean().optional(),
  authorized: z.boolean().optional(),
  /** Accepted for older tests and ignored: the federation has no such links (§2). */
  rulesUrl: z.string().min(1).optional(),
  externalUrl: z.string().min(1).optional(),
  /** Generate entries, documents, orders of play and draws over time, like a seeded competition. */
  generateActivity: z.boolean().optional(),
  tournaments: z.array(tournamentInputSchema).min(1).max(8).optional(),
});

const itemFields = {
  /** Documents and orders of play belong to the competition: a tournament or the competition names it. */
  tournamentUid: uuid.optional(),
  competitionGuid: uuid.optional(),
  title: z.string().min(1).optional(),
  /** Accepted for older tests and ignored: files are named and downloaded by the federation's paths. */
  url: z.string().min(1).optional(),
  /** Default: now. */
  publishedAt: instant.optional(),
};
const oneOwner = (i: { tournamentUid?: string | undefined; competitionGuid?: string | undefined }) =>
  i.tournamentUid !== undefined || i.competitionGuid !== undefined;
const ownerMessage = { message: 'tournamentUid or competitionGuid is required', path: ['tournamentUid'] };
export const documentInputSchema = z.strictObject(itemFields).refine(oneOwner, ownerMessage);
export const drawInputSchema = z.strictObject({ ...itemFields, tournamentUid: uuid });
export const orderOfPlayInputSchema = z
  .strictObject({
    ...itemFields,
    /** The day of play; default: the day after publication. */
    date: localDate.optional(),
    /** The PDF's layout; default: the competition's own (stable per competition). */
    layout: z.enum(ORDER_OF_PLAY_LAYOUTS).optional(),
    /**
     * The day's matches, players by card (a pair in doubles), instead of the published draws'
     * own: how a test puts a player in an order of play at a time and court of its choosing.
     */
    matches: z
      .array(
        z.strictObject({
          time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM'),
          court: z.number().int().min(1).max(8),
          top: z.array(cardNumber).min(1).max(2),
          bottom: z.array(cardNumber).min(1).max(2),
        }),
      )
      .max(200)
      .optional(),
  })
  .refine(oneOwner, ownerMessage);

export const playerInputSchema = z.strictObject({
  cardNumber: cardNumber.optional(),
  name: z.string().min(1).optional(),
  surname: z.string().min(1).optional(),
  gender: z.enum(['M', 'F']).optional(),
  ranking: ranking.optional(),
  bestRanking: ranking.optional(),
  bestRankingSeason: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  category: z.string().min(1).optional(),
  club: z.string().min(1).optional(),
  municipality: z.string().min(1).optional(),
  province: sigla.optional(),
});

export const entryInputSchema = z.strictObject({
  tournamentUid: uuid,
  /** A known card (pool or scripted player), or a new one: it becomes a known card. */
  cardNumber: cardNumber.optional(),
  name: z.string().min(1).optional(),
  surname: z.string().min(1).optional(),
  gender: z.enum(['M', 'F']).optional(),
  ranking: ranking.optional(),
  /** Default: now. Entries show once the clock reaches it. */
  subscriptionDate: instant.optional(),
  /** Doubles: the partner's card (known or new), entered at the same instant, adjacent. */
  partnerCardNumber: cardNumber.optional(),
});

export const withdrawalInputSchema = z.strictObject({
  tournamentUid: uuid,
  cardNumber,
  /** Default: now. The entry leaves the list once the clock reaches it. */
  at: instant.optional(),
});

export const scoreInputSchema = z.strictObject({
  tournamentUid: uuid,
  /** The section (`phaseId`, as `addDraw` answers them); default: the final section. */
  phaseId: z.string().min(1).optional(),
  round: z.number().int().min(1).max(12),
  position: z.number().int().min(1).max(4096),
  /** 0 the top side, 1 the bottom. */
  winner: z.union([z.literal(0), z.literal(1)]),
  /** From the winner's side (`63 61`); default `63 62`. */
  score: z.string().max(40).optional(),
  /** The loser retired (`score` as far as it went) or did not show up (no score). */
  retired: z.boolean().optional(),
  absent: z.boolean().optional(),
  /** Default: now. */
  at: instant.optional(),
});

export const addTournamentInputSchema = tournamentInputSchema.extend({ competitionGuid: uuid });

export const updateCompetitionInputSchema = z.strictObject({
  guid: uuid,
  name: z.string().min(1).optional(),
  startDate: localDate.optional(),
  endDate: localDate.optional(),
  prizeMoney: z.number().int().min(0).optional(),
  registrationOpensAt: instant.optional(),
  registrationClosesAt: instant.optional(),
});

export const faultInputSchema = z.strictObject({
  kind: z.enum(['error', 'slow', 'no-content', 'malformed']),
  endpoint: z.enum(ENDPOINTS as [Endpoint, ...Endpoint[]]).optional(),
  times: z.number().int().min(1).optional(),
  status: z.number().int().min(400).max(599).optional(),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  /** Only calls about this competition. */
  guid: uuid.optional(),
});

const durationObject = z.strictObject({
  days: z.number().optional(),
  hours: z.number().optional(),
  minutes: z.number().optional(),
  seconds: z.number().optional(),
  ms: z.number().optional(),
});
export const durationInputSchema = z.union([z.number(), durationObject]);
export const clockInputSchema = z.strictObject({ now: instant });

export type CompetitionInput = z.input<typeof competitionInputSchema>;
export type TournamentInput = z.input<typeof tournamentInputSchema>;
export type DocumentInput = z.input<typeof documentInputSchema>;
export type DrawInput = z.input<typeof drawInputSchema>;
export type OrderOfPlayInput = z.input<typeof orderOfPlayInputSchema>;
export type PlayerInput = z.input<typeof playerInputSchema>;
export type EntryInput = z.input<typeof entryInputSchema>;
export type WithdrawalInput = z.input<typeof withdrawalInputSchema>;
export type ScoreInput = z.input<typeof scoreInputSchema>;
export type FaultInput = z.input<typeof faultInputSchema>;
export type AddTournamentInput = z.input<typeof addTournamentInputSchema>;
export type UpdateCompetitionInput = z.input<typeof updateCompetitionInputSchema>;

export interface AddedCompetition {
  readonly guid: string;
  readonly tournamentUids: readonly string[];
  /** `TournamentId` of each tournament (the draw call's key), in the same order. */
  readonly tournamentIds: readonly number[];
  /** `CompetitionId` (the detail's int id). */
  readonly competitionId: number;
  /** TPRA competitions: `id_torneo_digital`, their key on the wire (their row's guid is the placeholder). */
  readonly tpraId?: number;
}

export interface AddedEntry {
  /** The simulator's own id of the entry: not on the wire (participants have no `Id`, §2). */
  readonly participantId: number;
  readonly cardNumber: string;
  readonly partnerCardNumber?: string;
}

export interface PlayerSummary {
  readonly cardNumber: string;
  readonly name: string;
  readonly surname: string;
  readonly gender: Gender;
  readonly ranking: string;
  readonly province: string;
  readonly regionId: number;
}

export interface SimulatorState {
  readonly seed: number;
  readonly quirks: boolean;
  readonly clock: { readonly now: string; readonly frozen: boolean };
  readonly competitions: FederationStats;
  readonly faults: readonly ActiveFault[];
  readonly requests: Readonly<Record<string, number>>;
}

const defaultAgeLabel = (ageCategory: AgeCategory): string | undefined =>
  ageCategory === 'giovanili' ? 'Under 14' : ageCategory === 'veterani' ? 'Over 45' : undefined;

const summarize = (p: Player): PlayerSummary => ({
  cardNumber: p.cardNumber,
  name: p.firstName,
  surname: p.surname,
  gender: p.gender,
  ranking: p.ranking,
  province: p.province.sigla,
  regionId: p.province.regionId,
});

/** Thrown for inputs the hooks refuse; the HTTP layer answers 400 with its message. */
export class ScriptInputError extends Error {}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ScriptInputError(`${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
}

export class Script {
  private scriptedCompetitions = 0;
  private scriptedCards = 0;

  constructor(
    private readonly federation: Federation,
    private readonly clock: Clock,
    private readonly faults: Faults,
    private readonly describe: () => Omit<SimulatorState, 'clock' | 'competitions' | 'faults'>,
  ) {}

  // --- Clock ----------------------------------------------------------------------------------

  /** Sets and freezes the clock. */
  setNow(now: Date | string | number): Date {
    return this.clock.set(parse(instant, now));
  }

  /** Moves the clock: milliseconds or `{ days, hours, minutes, seconds, ms }`. */
  advance(duration: Duration): Date {
    return this.clock.advance(durationMs(parse(durationInputSchema, duration)));
  }

  useRealTime(): Date {
    return this.clock.useRealTime();
  }

  // --- Data -----------------------------------------------------------------------------------

  /** Adds a competition; unspecified fields get generated, sensible values. */
  addCompetition(input: CompetitionInput = {}): AddedCompetition {
    const i = parse(competitionInputSchema, input);
    const now = this.clock.nowMs();
    const n = this.scriptedCompetitions++;
    const rng = Rng.derive(this.federation.seed, 'scripted-competition', n);
    const guid = i.guid ?? rng.uuid();
    const province: Province =
      i.province ?? rng.weighted(PROVINCES.map((p) => [p, provinceWeight(p.sigla)] as const));
    const clubs = this.federation.clubs.of(province.sigla);
    const club = rng.pick(clubs);
    const city = i.city ?? club.municipality;
    const codFonte: CodFonte = i.codFonte ?? 1;

    const startDay = i.startDate ?? romeDayOf(now) + 14;
    const endDay = i.endDate ?? startDay + (codFonte === 2 ? 1 : 7);
    if (endDay < startDay) throw new ScriptInputError('endDate: before startDate');
    const registrationClosesAt = i.registrationClosesAt ?? romeInstant(startDay - 1, 12 * 60);
    const registrationOpensAt = i.registrationOpensAt ?? Math.min(now, registrationClosesAt - DAY_MS);
    const publishedAt = i.publishedAt ?? Math.min(now, registrationOpensAt);
    if (registrationClosesAt < registrationOpensAt) {
      throw new ScriptInputError('registrationClosesAt: before registrationOpensAt');
    }

    const generateActivity = i.generateActivity ?? false;
    const tournaments = this.buildTournaments(rng, i.tournaments ?? [{}], {
      codFonte,
      regionId: province.regionId,
      surface: rng.weighted(SURFACES),
      balls: rng.pick(BALLS),
      generateActivity,
    });
    const main = tournaments[0] as TournamentSpec;
    const name =
      i.name ??
      nameCompetition(rng, {
        codFonte,
        month: calendarDateOf(startDay).month,
        city,
        club: i.club ?? club.name,
        regionName: findRegionById(province.regionId)?.name ?? '',
        main: { ...main, ageLabel: defaultAgeLabel(main.ageCategory), series: undefined },
      });
    const competition: Competition = assembleCompetition({
      guid,
      name,
      club: i.club ?? club.name,
      city,
      province,
      codFonte,
      startDay,
      endDay,
      publishedAt,
      registrationOpensAt,
      registrationClosesAt,
      prizeMoney: i.prizeMoney ?? 0,
      onlineRegistration: i.onlineRegistration ?? true,
      authorized: i.authorized ?? true,
      seat: { city, province, club: i.club ?? club.name },
      tournaments,
      scripted: true,
      generatedActivity: generateActivity,
    });
    this.federation.addCompetition(competition);
    const tpraId = this.federation.tpraIdOf(guid);
    return {
      guid,
      tournamentUids: tournaments.map((t) => t.uid),
      tournamentIds: tournaments.map((t) => this.federation.tournamentIdOf(t.uid)),
      competitionId: competitionIdOf(guid),
      ...(tpraId > 0 && { tpraId }),
    };
  }

  private buildTournaments(
    rng: Rng,
    inputs: readonly z.output<typeof tournamentInputSchema>[],
    ctx: { codFonte: CodFonte; regionId: number; surface: string; balls: string; generateActivity: boolean },
  ): TournamentSpec[] {
    return inputs.map((t): TournamentSpec => {
      const ageCategory = t.ageCategory ?? 'open';
      const draft: DraftTournament = {
        type: t.type ?? 'Maschile',
        categoryClass: t.categoryClass ?? 4,
        ageCategory,
        ageLabel: defaultAgeLabel(ageCategory),
        series: undefined,
        ...(t.admissionType && { admissionType: t.admissionType }),
        ...(t.rankingLimit && { rankingLimit: t.rankingLimit }),
        ...(t.maxParticipants && { maxParticipants: t.maxParticipants }),
      };
      const built = this.federation.generator.buildTournament(rng, draft, {
        codFonte: ctx.codFonte,
        regionId: ctx.regionId,
        surface: t.surface ?? ctx.surface,
        balls: t.balls ?? ctx.balls,
        ...(t.uid && { uid: t.uid }),
      });
      const capacity = this.federation.generator.entrantCapacity(ctx.regionId, built.type, built.entrants);
      const requested = t.targetEntries ?? (ctx.generateActivity ? built.targetEntries : 0);
      const targetEntries = Math.min(requested, capacity);
      return {
        ...built,
        ...(t.description && { description: t.description }),
        ...(t.matchFormat && { matchFormat: t.matchFormat }),
        // Pairs enter together.
        targetEntries: isDoubles(built.type) ? targetEntries - (targetEntries % 2) : targetEntries,
      };
    });
  }

  /** Adds a tournament (draw) to an existing competition, published now. */
  addTournament(input: AddTournamentInput): { uid: string } {
    const { competitionGuid, ...tournament } = parse(addTournamentInputSchema, input);
    const competition = this.federation.findCompetition(competitionGuid);
    if (!competition) throw new NotFoundError(`Unknown competition ${competitionGuid}`);
    const rng = Rng.derive(
      this.federation.seed,
      'scripted-tournament',
      competition.guid,
      competition.tournaments.length,
    );
    const main = competition.tournaments[0];
    const [spec] = this.buildTournaments(rng, [tournament], {
      codFonte: competition.codFonte,
      regionId: competition.province.regionId,
      surface: main?.surface ?? rng.weighted(SURFACES),
      balls: main?.balls ?? rng.pick(BALLS),
      generateActivity: false,
    });
    if (!spec) throw new ScriptInputError('tournament: could not be built');
    this.federation.replaceCompetition(
      { ...competition, tournaments: [...competition.tournaments, spec] },
      this.clock.nowMs(),
    );
    return { uid: spec.uid };
  }

  /** Changes a competition's dates, registration window, name or prize, as of now. */
  updateCompetition(input: UpdateCompetitionInput): { guid: string } {
    const i = parse(updateCompetitionInputSchema, input);
    const competition = this.federation.findCompetition(i.guid);
    if (!competition) throw new NotFoundError(`Unknown competition ${i.guid}`);
    const startDay = i.startDate ?? competition.startDay;
    const endDay = i.endDate ?? Math.max(competition.endDay, startDay);
    if (endDay < startDay) throw new ScriptInputError('endDate: before startDate');
    const registrationOpensAt = i.registrationOpensAt ?? competition.registrationOpensAt;
    const registrationClosesAt = i.registrationClosesAt ?? competition.registrationClosesAt;
    if (registrationClosesAt < registrationOpensAt) {
      throw new ScriptInputError('registrationClosesAt: before registrationOpensAt');
    }
    const { startsAt: _startsAt, endsAt: _endsAt, searchText: _searchText, ...fields } = competition;
    const updated = assembleCompetition({
      ...fields,
      name: i.name ?? competition.name,
      startDay,
      endDay,
      registrationOpensAt,
      registrationClosesAt,
      prizeMoney: i.prizeMoney ?? competition.prizeMoney,
    });
    this.federation.replaceCompetition(updated, this.clock.nowMs());
    return { guid: competition.guid };
  }

  /** The tournament a competition-level item hangs on: the one named, or the competition's first. */
  private itemTournament(i: {
    tournamentUid?: string | undefined;
    competitionGuid?: string | undefined;
  }): string {
    if (i.tournamentUid) return i.tournamentUid;
    const competition = i.competitionGuid ? this.federation.findCompetition(i.competitionGuid) : undefined;
    if (!competition) throw new NotFoundError(`Unknown competition ${i.competitionGuid ?? ''}`);
    const first = competition.tournaments[0];
    if (!first) throw new NotFoundError(`Competition ${competition.guid} has no tournament`);
    return first.uid;
  }

  /** The file name an item will be listed under once published (documents and orders of play). */
  private fileNameOf(uid: string, kind: 'document' | 'orderOfPlay', id: number, publishedAt: number): string {
    const ref = this.federation.findTournament(uid);
    if (!ref) return '';
    const at = Math.max(publishedAt, ref.competition.publishedAt);
    const files =
      kind === 'document'
        ? this.federation.documents(ref.competition.guid, at)
        : this.federation.ordersOfPlay(ref.competition.guid, at);
    const item = this.federation.overlayItem(uid, id);
    if (kind === 'orderOfPlay') return files.find((f) => f.day === item?.date)?.fileName ?? '';
    return (
      files.filter((f) => f.title === item?.title && f.publishedAt === item?.publishedAt).at(-1)?.fileName ??
      ''
    );
  }

  /** A document of the competition (`documenti/list`): its file name is `<title>.pdf`. */
  addDocument(input: DocumentInput): { id: number; fileName: string } {
    const i = parse(documentInputSchema, input);
    const uid = this.itemTournament(i);
    const publishedAt = i.publishedAt ?? this.clock.nowMs();
    const item = this.federation.addItem(uid, {
      kind: 'document',
      title: i.title ?? 'Comunicato',
      publishedAt,
    });
    return { id: item.id, fileName: this.fileNameOf(uid, 'document', item.id, publishedAt) };
  }

  /**
   * An order of play for a day (`ordine-di-gioco/list`): `<prefix>_<YYYYMMDD>.pdf`, or the title
   * when it is itself a file name (`oop.pdf`). Its PDF lists the day's matches of the draws.
   */
  addOrderOfPlay(input: OrderOfPlayInput): { id: number; fileName: string } {
    const i = parse(orderOfPlayInputSchema, input);
    const uid = this.itemTournament(i);
    const publishedAt = i.publishedAt ?? this.clock.nowMs();
    const date = i.date ?? romeDayOf(publishedAt) + 1;
    const item = this.federation.addItem(uid, {
      kind: 'orderOfPlay',
      title: i.title ?? orderOfPlayTitle(date),
      publishedAt,
      date,
      layout: i.layout,
      matches: i.matches?.map((m) => {
        const [hours, minutes] = m.time.split(':').map(Number);
        return { minute: (hours ?? 0) * 60 + (minutes ?? 0), court: m.court, top: m.top, bottom: m.bottom };
      }),
    });
    return { id: item.id, fileName: this.fileNameOf(uid, 'orderOfPlay', item.id, publishedAt) };
  }

  /**
   * Publishes the tournament's draw (`tabellone`) as of `publishedAt` (default now): made from its
   * entries at that instant, results filling in as the clock passes each match. Answers the keys of
   * the draw call: `tournamentId` and the sections' codes (`phaseIds`, the final section last).
   */
  addDraw(input: DrawInput): { id: number; tournamentId: number; phaseIds: string[] } {
    const i = parse(drawInputSchema, input);
    const ref = this.federation.findTournament(i.tournamentUid);
    if (!ref) throw new NotFoundError(`Unknown tournament ${i.tournamentUid}`);
    const publishedAt = i.publishedAt ?? this.clock.nowMs();
    const item = this.federation.addItem(i.tournamentUid, {
      kind: 'draw',
      title: i.title ?? `Tabellone ${ref.spec.description}`,
      publishedAt,
    });
    const view = this.federation.detailOf(ref.competition, Math.max(publishedAt, this.clock.nowMs()));
    const tournament = view.tournaments[ref.index];
    return {
      id: item.id,
      tournamentId: this.federation.tournamentIdOf(ref.spec.uid),
      phaseIds: (tournament?.sections ?? []).map((s) => s.code),
    };
  }

  /**
   * Scores a match of a published draw (round, position as the draw call answers them): the
   * result shows from `at` (default now) instead of the one the clock would give, so a journey
   * moves a draw on without moving time. Its winner goes through to the next round.
   */
  scoreMatch(input: ScoreInput): { phaseId: string; round: number; position: number } {
    const i = parse(scoreInputSchema, input);
    const ref = this.federation.findTournament(i.tournamentUid);
    if (!ref) throw new NotFoundError(`Unknown tournament ${i.tournamentUid}`);
    const view = this.federation.detailOf(ref.competition, this.clock.nowMs());
    const sections = view.tournaments[ref.index]?.sections ?? [];
    const section = i.phaseId
      ? sections.find((s) => s.code === i.phaseId?.trim().toUpperCase())
      : sections.find((s) => !s.intermediate);
    if (!section) throw new NotFoundError(`No section ${i.phaseId ?? '(final)'} in ${i.tournamentUid}`);
    const absent = i.absent ?? false;
    this.federation.scoreMatch(
      section.code,
      i.round,
      i.position,
      {
        winner: i.winner,
        score: absent ? '' : (i.score ?? '63 62'),
        retired: i.retired ?? false,
        absent,
      },
      i.at ?? this.clock.nowMs(),
    );
    return { phaseId: section.code, round: i.round, position: i.position };
  }

  /**
   * Enters a player: a known card, or a new player (who becomes a known card). In doubles,
   * `partnerCardNumber` (known or new) enters with them at the same instant: the pair's two
   * adjacent rows share their `SubscriptionDate`.
   */
  addEntry(input: EntryInput): AddedEntry {
    const i = parse(entryInputSchema, input);
    const ref = this.federation.findTournament(i.tournamentUid);
    if (!ref) throw new NotFoundError(`Unknown tournament ${i.tournamentUid}`);
    const gender = i.gender ?? (ref.spec.type === 'Femminile' || ref.spec.type === 'DoppioF' ? 'F' : 'M');
    const known = i.cardNumber ? this.federation.findPlayer(i.cardNumber) : undefined;
    const player =
      known ??
      this.createPlayer({
        ...(i.cardNumber && { cardNumber: i.cardNumber }),
        ...(i.name && { name: i.name }),
        ...(i.surname && { surname: i.surname }),
        ...(i.ranking && { ranking: i.ranking }),
        gender,
        province: ref.competition.province,
      });
    const at = i.subscriptionDate ?? this.clock.nowMs();
    const participant = this.federation.addEntry(i.tournamentUid, player, at);
    if (i.partnerCardNumber === undefined) {
      return { participantId: participant.participantId, cardNumber: player.cardNumber };
    }
    const partner =
      this.federation.findPlayer(i.partnerCardNumber) ??
      this.createPlayer({
        cardNumber: i.partnerCardNumber,
        gender: ref.spec.type === 'Misto' ? (gender === 'M' ? 'F' : 'M') : gender,
        province: ref.competition.province,
      });
    this.federation.addEntry(i.tournamentUid, partner, at);
    return {
      participantId: participant.participantId,
      cardNumber: player.cardNumber,
      partnerCardNumber: partner.cardNumber,
    };
  }

  /**
   * Takes a card off a tournament's entry list (withdrawn, or removed by the organiser), generated
   * or scripted entry alike; 404 when the card is not on the list.
   */
  withdrawEntry(input: WithdrawalInput): { tournamentUid: string; cardNumber: string } {
    const i = parse(withdrawalInputSchema, input);
    if (!this.federation.withdrawEntry(i.tournamentUid, i.cardNumber, i.at ?? this.clock.nowMs())) {
      throw new NotFoundError(`Card ${i.cardNumber} is not on the entry list of ${i.tournamentUid}`);
    }
    return { tournamentUid: i.tournamentUid, cardNumber: i.cardNumber };
  }

  /** Registers a player card; unspecified fields get generated values. */
  addPlayer(input: PlayerInput = {}): PlayerSummary {
    return summarize(this.createPlayer(parse(playerInputSchema, input)));
  }

  private createPlayer(i: z.output<typeof playerInputSchema>): Player {
    const rng = Rng.derive(this.federation.seed, 'scripted-player', this.scriptedCards++);
    let card = i.cardNumber;
    while (card === undefined) {
      const candidate = String(rng.int(1_000_000_000, 9_999_999_999));
      if (!this.federation.findPlayer(candidate)) card = candidate;
    }
    const gender: Gender = i.gender ?? (rng.chance(0.7) ? 'M' : 'F');
    const province = i.province ?? (findProvinceBySigla('RM') as Province);
    const club = rng.pick(this.federation.clubs.of(province.sigla));
    const ranking = i.ranking ?? '4.NC';
    const player: Player = {
      cardNumber: card,
      firstName: i.name ?? rng.pick(gender === 'M' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES),
      surname: i.surname ?? rng.pick(SURNAMES),
      gender,
      ageGroup: 'adult',
      ranking,
      rankingValue: rankingValue(ranking) as number,
      bestRanking: i.bestRanking ?? ranking,
      bestRankingSeason: i.bestRankingSeason ?? String(calendarDateOf(romeDayOf(this.clock.nowMs())).year),
      category: i.category ?? categoryOf(ranking),
      club: i.club ?? club.name,
      municipality: i.municipality ?? club.municipality,
      province,
    };
    this.federation.addPlayer(player);
    return player;
  }

  /** Known pool cards, for tests that need a real player: filter by ranking prefix or region. */
  players(
    options: { offset?: number; limit?: number; ranking?: string; regionId?: number } = {},
  ): PlayerSummary[] {
    const { offset = 0, limit = 20, ranking: prefix, regionId } = options;
    return this.federation.pool.players
      .filter(
        (p) =>
          (prefix === undefined || p.ranking.startsWith(prefix)) &&
          (regionId === undefined || p.province.regionId === regionId),
      )
      .slice(offset, offset + Math.min(limit, 500))
      .map(summarize);
  }

  // --- Faults ---------------------------------------------------------------------------------

  /** Adds a fault rule, e.g. `{ kind: 'error', times: 2 }` or `{ kind: 'slow', delayMs: 3000 }`. */
  fault(input: FaultInput): ActiveFault {
    const i: FaultRule = parse(faultInputSchema, input);
    return this.faults.add(i);
  }

  /** Shorthand: the next `times` federation calls answer `status` (503). */
  failNext(times = 1, status = 503): ActiveFault {
    return this.fault({ kind: 'error', times, status });
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Removes scripted competitions, items, entries, players and faults; the clock is kept. */
  reset(): void {
    this.federation.resetScripted();
    this.faults.clear();
    this.scriptedCompetitions = 0;
    this.scriptedCards = 0;
  }

  state(): SimulatorState {
    const now = this.clock.nowMs();
    return {
      ...this.describe(),
      clock: { now: new Date(now).toISOString(), frozen: this.clock.frozen },
      competitions: this.federation.stats(now),
      faults: this.faults.list(),
    };
  }
}
