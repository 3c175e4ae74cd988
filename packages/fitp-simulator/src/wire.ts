/**
 * The federation's wire, as it really answers (fitp-contract.md, samples in
 * shared/design/fitp-samples/): keys, their order and casing, value types, the `;` lists of the
 * list rows and the `,` lists of the detail, the false `Z`, `Code: 111111`, cards as strings.
 * Irregular but real spellings (stray spaces in names, a missing `torneo_autorizzato`) come from a
 * hash of the row's key, so a row is spelled the same way on every call; `quirks: false` leaves
 * them out. Every value here is a function of the model at an instant.
 */
import {
  bandOf,
  bandsFrom,
  competitionAgeCodes,
  competitionBands,
  competitionDrawWords,
  falseZ,
  falseZDay,
  falseZTime,
  listDate,
  PLACEHOLDER_GUID,
  subscriptionDate,
  TOURNAMENT_GENDER,
  tournamentAgeCodes,
} from './dialect';
import { courtsOf, type DrawSide, drawName, type MatchResult, type Sections } from './draws';
import type {
  CompetitionDetailView,
  CompetitionView,
  DrawAnswer,
  Participant,
  TournamentView,
} from './federation';
import { type Competition, FONTE_LABELS, isDoubles, type TournamentSpec } from './model';
import { capOf } from './municipality-caps';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from './names';
import type { Player } from './players';
import { hashParts } from './prng';
import { calendarDateOf, DAY_MS, romeDayOf } from './rome-time';

export type Endpoint =
  | 'list'
  | 'detail'
  | 'card'
  | 'documents'
  | 'rules'
  | 'ordersOfPlay'
  | 'draw'
  | 'download'
  /** The old invented entries call: no longer served; kept so older fault rules still parse. */
  | 'entries';

export const ENDPOINTS: readonly Endpoint[] = [
  'list',
  'detail',
  'card',
  'documents',
  'rules',
  'ordersOfPlay',
  'draw',
  'download',
  'entries',
];

export interface WireContext {
  readonly seed: number;
  readonly quirks: boolean;
  readonly now: number;
}

export type WireRow = Record<string, unknown>;

export { PLACEHOLDER_GUID };

/** Fields a client cannot do without: the malformed-rows fault removes one of them. */
export const REQUIRED_LIST_FIELDS = ['guid', 'nome_torneo', 'data_inizio', 'data_fine'] as const;

/** The discipline code of tennis (`id_disciplina`). */
export const TENNIS = 4332;

const h = (ctx: WireContext, ...parts: ReadonlyArray<string | number>): number =>
  hashParts(ctx.seed, ...parts);

/** A list row (§1), in the samples' key order. `status` is the row's `id_statoPUC`. */
export function encodeListRow(view: CompetitionView, ctx: WireContext): WireRow {
  const c = view.competition;
  const team = c.codFonte === 3;
  const tpra = c.codFonte === 2;
  const hash = h(ctx, 'row', c.guid);
  let name = c.name;
  if (ctx.quirks && hash % 10 === 0) name = `${name} `;
  else if (ctx.quirks && hash % 50 === 1) name = ` ${name}`;
  const row: WireRow = {
    id_disciplina: TENNIS,
    cod_fonte: c.codFonte,
    id_fonte: FONTE_LABELS[c.codFonte],
    guid: tpra ? PLACEHOLDER_GUID : c.guid,
    id_torneo_digital: tpra ? view.tpraId : 0,
    data_inizio: listDate(c.startDay),
    data_fine: team ? '01/01/1900' : listDate(c.endDay),
    nome_torneo: name,
    citta: team ? null : c.seat.city,
    provincia: team ? null : c.seat.province.name,
    sigla_provincia: team ? null : c.seat.province.sigla,
    tennisclub: team ? null : c.seat.club,
    iscrizione_online: team ? null : c.onlineRegistration,
    id_statoPUC: view.rowStatus,
    cat_class: team || tpra ? null : competitionBands(c.tournaments).join(';'),
    cat_eta: team ? '' : tpra ? null : competitionAgeCodes(c.tournaments).join(';'),
    tipo_torneo: competitionDrawWords(c.tournaments).join(';'),
    id_settore: tpra ? 1 : 0,
  };
  // `torneo_autorizzato`: a bool, on some team rows null, on a few rows absent altogether.
  if (team && hash % 3 === 0) row.torneo_autorizzato = null;
  else if (!(ctx.quirks && hash % 25 === 3)) row.torneo_autorizzato = team || tpra ? false : c.authorized;
  return row;
}

/** Drops one required field from a row (the malformed-rows fault), rotating which. */
export function breakRow(row: WireRow, ordinal: number): WireRow {
  const broken = { ...row };
  delete broken[REQUIRED_LIST_FIELDS[ordinal % REQUIRED_LIST_FIELDS.length] as string];
  return broken;
}

// --- Detail (§2, §3) ------------------------------------------------------------------------

const STREETS = [
  'Via Roma',
  'Via Garibaldi',
  'Viale dello Sport',
  'Via dei Tigli',
  'Via Mazzini',
  'Via del Parco',
];
const COURT_TYPES = ["All' aperto", 'Al coperto', "All' aperto e al coperto"];

/** A street address and postcode of the venue, stable for the competition. */
function venueOf(c: Competition, ctx: WireContext): WireRow {
  const hash = h(ctx, 'venue', c.guid);
  return {
    Address: `${STREETS[hash % STREETS.length]} ${1 + (hash % 120)}`,
    // The municipality's real CAP, so that the venue resolves to where it is played.
    Cap: capOf(c.province.sigla, c.city) ?? '',
    Municipality: c.city,
    Province: c.province.sigla,
  };
}

function person(ctx: WireContext, key: string): WireRow {
  const hash = h(ctx, 'person', key);
  const female = hash % 3 === 0;
  const names = female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;
  return {
    Code: String(1_000_000 + (hash % 8_999_999)),
    MembershipCard: String(hash % 999_999).padStart(6, '0'),
    Name: (names[hash % names.length] as string).toUpperCase(),
    Surname: (SURNAMES[(hash >>> 7) % SURNAMES.length] as string).toUpperCase(),
  };
}

const EMPTY_PERSON = { Code: '', MembershipCard: '', Name: '', Surname: '' };

export function encodeDetail(view: CompetitionDetailView, ctx: WireContext, malformed = false): WireRow {
  const c = view.competition;
  const hash = h(ctx, 'detail', c.guid);
  const venue = venueOf(c, ctx);
  // Most details leave their own address empty and list the venue in `impianti`; some do both.
  const ownAddress = hash % 3 === 0;
  const impianti = hash % 5 === 4 ? [] : [venue];
  const specs = view.tournaments.map((t) => t.spec);
  const genders = new Set(specs.flatMap((s) => [...TOURNAMENT_GENDER[s.type]]));
  return {
    Discipline: 'Tennis',
    CompetitionUid: c.guid,
    CompetitionId: view.competitionId,
    Description: c.name,
    TennisClub: c.seat.club,
    From: falseZDay(c.startDay),
    To: falseZDay(c.endDay),
    Municipality: ownAddress ? venue.Municipality : '',
    Province: ownAddress ? venue.Province : '',
    Cap: ownAddress ? venue.Cap : '',
    Address: ownAddress ? venue.Address : '',
    impianti,
    CategoryAge: competitionAgeCodes(specs).join(','),
    Ranking: competitionBands(specs).join(','),
    Gender: genders.size > 1 ? 'MF' : [...genders].join(''),
    ScoreReduction: hash % 7 === 0,
    ConclusionIntermediateSection: false,
    TotalPrizePool: c.prizeMoney,
    IntermediateSectionPrizePool: 0,
    CompetitionDirector: hash % 4 === 0 ? person(ctx, `director:${c.guid}`) : EMPTY_PERSON,
    CompetitionOfficer: person(ctx, `referee:${c.guid}`),
    Tournaments: view.tournaments.map((t) => encodeTournament(c, t, ctx, malformed)),
    Status: ctx.now >= c.endsAt ? 'Chiuso' : 'Approvato',
    OnLineSubscriptions: c.onlineRegistration,
    EnablePreferences: hash % 2,
  };
}

/** The bands' deadlines (§3) of a tournament, weakest band first. */
export interface BandDeadline {
  readonly minRank: string;
  readonly maxRank: string;
  /** undefined: the referee decides (`DefaultSubscription: true`). */
  readonly closesAt: number | undefined;
}

/**
 * Usually one band from 4.NC to the tournament's best closing with registration; sometimes the
 * fourth category closes one to three days earlier than the rest, or three bands close in turn;
 * occasionally the better band's deadline is left to the referee.
 */
export function bandDeadlines(seed: number, c: Competition, spec: TournamentSpec): BandDeadline[] {
  const close = c.registrationClosesAt;
  const bands = bandsFrom(spec.rankingLimit);
  const best = bands[0] ?? '4.NC';
  const hash = hashParts(seed, 'bands', spec.uid) % 100;
  const fourth = bands.filter((b) => b.startsWith('4'));
  const better = bands.filter((b) => !b.startsWith('4'));
  if (c.scripted || c.codFonte !== 1 || better.length === 0 || hash < 80) {
    return [{ minRank: '4.NC', maxRank: best, closesAt: close }];
  }
  const earlier = close - (1 + (hash % 3)) * DAY_MS;
  const fourthBand = { minRank: '4.NC', maxRank: fourth[0] ?? '4.1', closesAt: earlier };
  if (hash >= 95)
    return [fourthBand, { minRank: better.at(-1) as string, maxRank: best, closesAt: undefined }];
  const third = better.filter((b) => b.startsWith('3'));
  const second = better.filter((b) => !b.startsWith('3'));
  if (hash >= 90 && third.length > 0 && second.length > 0) {
    return [
      { minRank: '4.NC', maxRank: fourth[0] ?? '4.1', closesAt: earlier - DAY_MS },
      { minRank: third.at(-1) as string, maxRank: third[0] as string, closesAt: earlier },
      { minRank: second.at(-1) as string, maxRank: best, closesAt: close },
    ];
  }
  return [fourthBand, { minRank: better.at(-1) as string, maxRank: best, closesAt: close }];
}

function encodeBand(band: BandDeadline): WireRow {
  if (band.closesAt === undefined) {
    return {
      Day: null,
      Hour: null,
      MinRank_Name: band.minRank,
      MaxRank_Name: band.maxRank,
      EndDate: null,
      DefaultSubscription: true,
    };
  }
  const z = falseZ(band.closesAt);
  const [date = '', time = ''] = z.slice(0, -1).split('T');
  const [y, m, d] = date.split('-');
  return {
    Day: `${d}/${m}/${y}`,
    Hour: time,
    MinRank_Name: band.minRank,
    MaxRank_Name: band.maxRank,
    EndDate: z,
    DefaultSubscription: false,
  };
}

/** The practical facts of a tournament (fee, balls, courts, times), stable for its uid. */
function practicalities(c: Competition, spec: TournamentSpec, ctx: WireContext) {
  const hash = h(ctx, 'practical', spec.uid);
  const youth = spec.ageCategory === 'giovanili';
  const fee = youth ? 15 + (hash % 4) * 2.5 : 20 + (hash % 5) * 2.5;
  const fitp = youth ? 4.5 : 6;
  const month = calendarDateOf(c.startDay).month;
  const summer = month >= 5 && month <= 9;
  return {
    share: `${youth ? 'QUOTA UNDER' : 'QUOTA'}: € ${fee.toFixed(2)} + € ${fitp.toFixed(2)} QUOTA FITP | ${
      hash % 3 === 0 ? 'PAGAMENTO IN LOCO' : ''
    }`,
    courtType: summer ? COURT_TYPES[hash % 2 === 0 ? 0 : 2] : COURT_TYPES[1 + (hash % 2)],
    weekday: (hash % 2 === 0 ? 15 : 9) * 60 + (hash % 4 === 0 ? 30 : 0),
    festive: 9 * 60,
    billboard: 19 * 60,
    night: summer ? hash % 3 !== 0 : hash % 5 === 0,
    courts: courtsOf(ctx.seed, spec.uid),
  };
}

function encodeTournament(c: Competition, t: TournamentView, ctx: WireContext, malformed: boolean): WireRow {
  const { spec } = t;
  const p = practicalities(c, spec, ctx);
  const doubles = isDoubles(spec.type);
  const bands = bandDeadlines(ctx.seed, c, spec);
  return {
    CompetitionId: c.guid,
    TournamentId: t.tournamentId,
    TournamentUid: spec.uid,
    TournamentDescription: spec.description,
    Municipality: '',
    Province: '',
    Cap: '',
    CategoryAge: tournamentAgeCodes(spec).join(','),
    AvailableRankings: bandsFrom(spec.rankingLimit).join(','),
    Gender: TOURNAMENT_GENDER[spec.type],
    NumberOfParticipants: doubles ? Math.floor(t.participants.length / 2) : t.participants.length,
    DateEndSubscription: falseZ(c.registrationClosesAt),
    EndTimeSubscription: bands.map(encodeBand),
    Address: '',
    TennisClubShare: p.share,
    IsDoubleTournament: doubles,
    BallType: spec.balls,
    TennisCourtType: p.courtType,
    WeekdayMatchTime: falseZTime(c.startDay, p.weekday),
    FestiveMatchTime: falseZTime(c.startDay, p.festive),
    CalendarBillboardTime: falseZTime(c.startDay, p.billboard),
    IsNightMatch: p.night,
    NumberOfTennisCourt: p.courts,
    Status: 'Aperto',
    Sections: encodeSections(c, t),
    Participants: t.participants.map((participant, i) => {
      const row = encodeParticipant(participant, spec.uid);
      if (malformed && i % 3 === 1) delete row[i % 2 === 0 ? 'SubscriptionDate' : 'MembershipCard'];
      return row;
    }),
    EnabledSpecialEntry: false,
  };
}

function encodeSections(c: Competition, t: TournamentView): WireRow[] {
  const sections: Sections = t.sections;
  return sections.map((s) => ({
    CompetitionId: c.guid,
    TournamentId: t.tournamentId,
    SectionId: s.code,
    SectionDescription: s.description,
    SectionType: s.intermediate ? 'Tabellone intermedio' : 'Tabellone finale',
    NumberOfTeam: s.players,
    HasWinner: !s.intermediate,
    IsIntermediateSection: s.intermediate,
    SectionCode: s.code,
    TournamentMatches: null,
    IsGroup: 0,
    GroupsMatchSingle: null,
    GroupsMatchDouble: null,
  }));
}

export function encodeParticipant(p: Participant, tournamentUid: string): WireRow {
  return {
    Code: 111111,
    MembershipCard: p.player.cardNumber,
    Name: p.player.firstName.toUpperCase(),
    Surname: p.player.surname.toUpperCase(),
    Ranking: bandOf(p.player.ranking),
    // The pair's rows share the instant, hence the fraction too.
    SubscriptionDate: subscriptionDate(p.at, `${tournamentUid}:${p.at}`),
  };
}

// --- Player sheet (§6) ----------------------------------------------------------------------

const toBase64 = (digits: string): string => Buffer.from(digits, 'utf8').toString('base64');

const maskCard = (card: string): string => `${'*'.repeat(Math.max(0, card.length - 3))}${card.slice(-3)}`;

function sheetFacts(player: Player, ctx: WireContext) {
  const hash = h(ctx, 'sheet', player.cardNumber);
  const year = calendarDateOf(romeDayOf(ctx.now)).year;
  const since = Math.min(year, Number(player.bestRankingSeason) || year, year - (hash % 4));
  const years = [];
  for (let y = since; y <= year; y++) years.push({ year: y });
  const avatarHex = hash.toString(16).padStart(8, '0');
  return {
    years,
    clubId: String(hash % 10_000_000).padStart(8, '0'),
    province: player.province.name,
    municipality: hash % 3 === 0 ? '' : player.municipality,
    guid: `${avatarHex}-${avatarHex.slice(0, 4)}-4${avatarHex.slice(1, 4)}-8${avatarHex.slice(4, 7)}-${avatarHex}${avatarHex.slice(0, 4)}`.toUpperCase(),
    avatar:
      hash % 5 < 3
        ? `${avatarHex.split('').reverse().join('')}-31f1-43b6-8fbe-0a75${avatarHex}`.toLowerCase()
        : null,
    maxRankSeason: Number(player.bestRankingSeason) || year,
  };
}

/** `POST /api/v1/tesserati/dettaglio/semplice`: the nested, lower-case `player` (sample). */
export function encodeSheet(player: Player, ctx: WireContext): WireRow {
  const f = sheetFacts(player, ctx);
  return {
    activeYears: f.years,
    player: {
      name: player.firstName.toUpperCase(),
      surname: player.surname.toUpperCase(),
      tennis_club_name: player.club.toUpperCase(),
      tennis_club_municipality: f.municipality,
      tennis_club_province: f.province,
      tennis_club_id: f.clubId,
      membershipCard: maskCard(player.cardNumber),
      category: player.category,
      ranking: bandOf(player.ranking),
      max_rank: bandOf(player.bestRanking),
      max_rank_stagione: f.maxRankSeason,
      guid: f.guid,
    },
    discipline: [{ idDiscipline: TENNIS, discipline: 'Tennis', membershipCard: toBase64(player.cardNumber) }],
    baseStat: [],
    avatar: f.avatar,
  };
}

/** `POST /api/v6/player/sheet/simple` (prod twin): PascalCase names, `baseStat: null`, no guid. */
export function encodeSheetProd(player: Player, ctx: WireContext): WireRow {
  const f = sheetFacts(player, ctx);
  return {
    activeYears: f.years,
    player: {
      Name: player.firstName.toUpperCase(),
      Surname: player.surname.toUpperCase(),
      tennis_club_name: player.club.toUpperCase(),
      tennis_club_municipality: f.municipality,
      tennis_club_province: f.province,
      tennis_club_id: f.clubId,
      MembershipCard: maskCard(player.cardNumber),
      Category: player.category,
      Ranking: bandOf(player.ranking),
      max_rank: bandOf(player.bestRanking),
      max_rank_stagione: f.maxRankSeason,
    },
    discipline: [{ idDiscipline: TENNIS, discipline: 'Tennis', membershipCard: toBase64(player.cardNumber) }],
    baseStat: null,
    avatar: f.avatar ?? '00000000-0000-0000-0000-000000000000',
  };
}

// --- Draw (§5) --------------------------------------------------------------------------------

function sideFields(
  side: DrawSide | undefined,
  n: 1 | 2,
  result: MatchResult | undefined,
  won: boolean,
): WireRow {
  const [first, second] = side?.unit.players ?? [];
  const lost = result !== undefined && !won;
  return {
    [`Nome${n}`]: first ? drawName(first) : null,
    [`Nome${n}2`]: second ? drawName(second) : null,
    [`Categoria${n}`]: first ? bandOf(first.player.ranking) : null,
    [`Categoria${n}2`]: second ? bandOf(second.player.ranking) : null,
    [`TestaDiSerie${n}`]: side?.seed ?? null,
    [`PostoRiservato${n}`]: false,
    [`IsRitirato${n}`]: lost && result.retired,
    [`IsAssente${n}`]: lost && result.absent,
    [`NumeroTessera${n}`]: first?.player.cardNumber ?? null,
    [`NumeroTessera${n}2`]: second?.player.cardNumber ?? null,
  };
}

/** One section's draw, in the sample's key order. */
export function encodeDraw(draw: DrawAnswer): WireRow {
  return {
    torneo: draw.competition.name,
    gara: draw.tournament.spec.description,
    sezione: draw.section.description,
    partite: draw.matches.map((m) => {
      const r = m.result;
      const top = sideFields(m.top, 1, r, r?.winner === 0);
      const bottom = sideFields(m.bottom, 2, r, r?.winner === 1);
      return {
        IdPartita: m.id,
        Turno: m.round,
        Posizione: m.position,
        Nome1: top.Nome1,
        Nome12: top.Nome12,
        Nome2: bottom.Nome2,
        Nome22: bottom.Nome22,
        Categoria1: top.Categoria1,
        Categoria12: top.Categoria12,
        Categoria2: bottom.Categoria2,
        Categoria22: bottom.Categoria22,
        TestaDiSerie1: top.TestaDiSerie1,
        TestaDiSerie2: bottom.TestaDiSerie2,
        PostoRiservato1: false,
        PostoRiservato2: false,
        IsRitirato1: top.IsRitirato1,
        IsRitirato2: bottom.IsRitirato2,
        IsAssente1: top.IsAssente1,
        IsAssente2: bottom.IsAssente2,
        Risultato: r?.score ?? '',
        NumeroTessera1: top.NumeroTessera1,
        NumeroTessera2: bottom.NumeroTessera2,
        NumeroTessera12: top.NumeroTessera12,
        NumeroTessera22: bottom.NumeroTessera22,
        PrimoTeamVincitore: r?.winner === 0,
        SecondoTeamVincitore: r?.winner === 1,
        NonConteggiatoPerClassifica: false,
      };
    }),
  };
}
