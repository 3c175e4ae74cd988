/**
 * The one mapper of each competition and tournament DTO: search results, the detail and My
 * tournaments all build their competitions and tournaments here.
 */
import {
  type BracketMatch,
  COMPETITION_FILE_KINDS,
  type CompetitionFile,
  type CompetitionFileKind,
  type CompetitionSummary,
  competitionFileUrl,
  type DeadlineBand,
  type Draw,
  type DrawMatchDto,
  type DrawSideDto,
  drawRoundsCount,
  type EntryVerdict,
  type MyDraw,
  playerDraw,
  sideHasCard,
  type TournamentSummary,
  type Venue,
} from '@radar/shared';
import type {
  CompetitionRow,
  DrawRow,
  SubscriptionRow,
  TournamentDeadlineRow,
  TournamentItemRow,
  TournamentRow,
} from '../../db/schema';
import { type Splice, type Spliced, spliceOf, spliceTail, withSplice } from '../../domain/spliced-json';
import type { DrawMatch, DrawSide } from '../../federation/types';

export const iso = (date: Date | null) => date?.toISOString() ?? null;

type CompetitionStatus = CompetitionSummary['status'];

/** What every view shows of a competition (My tournaments shows just this). */
export function toCompetitionBase(row: CompetitionRow, status: CompetitionStatus) {
  return {
    name: row.name,
    club: row.club,
    city: row.city,
    provinceSigla: row.provinceSigla,
    startDate: row.startDate,
    endDate: row.endDate,
    status,
    registrationOpensAt: iso(row.registrationOpensAt),
    registrationClosesAt: iso(row.registrationClosesAt),
  };
}

/** What every view shows of a tournament (My tournaments shows just this). */
export function toTournamentBase(t: TournamentRow) {
  return {
    description: t.description,
    type: t.type,
    categoryClass: t.categoryClass,
    ageCategory: t.ageCategory,
    participantsCount: t.participantsCount,
    maxParticipants: t.maxParticipants,
  };
}

/**
 * A tournament in a search result or the detail, with the user's follow of it (if any) and
 * the verdict on their card entering it (null without a card; decision 206).
 */
export function toTournamentSummary(
  t: TournamentRow,
  subscription: Pick<SubscriptionRow, 'id' | 'lost'> | undefined,
  eligibility: EntryVerdict | null,
): TournamentSummary {
  return {
    uuid: t.uuid,
    ...toTournamentBase(t),
    followed: subscription !== undefined,
    subscriptionId: subscription?.id ?? null,
    lost: subscription?.lost ?? false,
    eligibility,
  };
}

/**
 * `toTournamentSummary` of a row served again from a kept search answer: the same fields, with
 * the first ones' JSON made once per row (`spliced-json.ts`, docs/decisions/135).
 */
export function toKeptTournamentSummary(
  t: TournamentRow,
  subscription: Pick<SubscriptionRow, 'id' | 'lost'> | undefined,
  eligibility: EntryVerdict | null,
): TournamentSummary & Spliced {
  const { head, splice } = tournamentHead(t);
  const summary: TournamentSummary = {
    uuid: head.uuid,
    description: head.description,
    type: head.type,
    categoryClass: head.categoryClass,
    ageCategory: head.ageCategory,
    participantsCount: head.participantsCount,
    maxParticipants: head.maxParticipants,
    followed: subscription !== undefined,
    subscriptionId: subscription?.id ?? null,
    lost: subscription?.lost ?? false,
    eligibility,
  };
  return withSplice(summary, splice);
}

type TournamentHead = Pick<TournamentSummary, 'uuid'> & ReturnType<typeof toTournamentBase>;
const tournamentHeads = new WeakMap<TournamentRow, { head: TournamentHead; splice: Splice }>();
const TOURNAMENT_TAIL = spliceTail(['followed', 'subscriptionId', 'lost', 'eligibility']);

/**
 * What every user sees of a tournament (the summary's first fields, in its order), made once per
 * row with its JSON: the rows of a kept search answer are shared by every request
 * (`spliced-json.ts`, docs/decisions/135).
 */
function tournamentHead(t: TournamentRow) {
  let kept = tournamentHeads.get(t);
  if (!kept) {
    const head: TournamentHead = { uuid: t.uuid, ...toTournamentBase(t) };
    kept = { head, splice: spliceOf(head, TOURNAMENT_TAIL) };
    tournamentHeads.set(t, kept);
  }
  return kept;
}

// --- The detail's own parts (docs/decisions/182) ---------------------------------------------------

export function toDeadlineBand(row: TournamentDeadlineRow): DeadlineBand {
  return {
    minRank: row.minRank,
    maxRank: row.maxRank,
    closesAt: row.byReferee ? null : iso(row.closesAt),
    byReferee: row.byReferee,
  };
}

/** A venue, or null when the federation gave none of its fields. */
export function toVenue(venue: TournamentRow['venue']): Venue | null {
  if (!venue) return null;
  const { address, cap, municipality, province } = venue;
  if (!address && !cap && !municipality && !province) return null;
  return { address, cap, municipality, province };
}

/** The stored item kinds the file route serves, and the route's path. */
export const FILE_KINDS = new Set<string>(COMPETITION_FILE_KINDS);

/** A document, rules or order-of-play file, linked to our server (the federation blocks browsers). */
export function toCompetitionFile(row: TournamentItemRow): CompetitionFile | null {
  const kind = row.kind as string;
  if (!FILE_KINDS.has(kind)) return null;
  return {
    kind: kind as CompetitionFileKind,
    fileName: row.itemKey,
    title: row.title || row.itemKey,
    url: competitionFileUrl(row.competitionGuid, kind as CompetitionFileKind, row.itemKey),
    date: row.playDate,
    publishedAt: iso(row.publishedAt),
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

type StoredMatch = BracketMatch<DrawSide>;

function readSide(value: unknown): DrawSide | null {
  if (!value || typeof value !== 'object') return null;
  const side = value as Partial<DrawSide>;
  const players = Array.isArray(side.players)
    ? side.players
        .map((p) => ({ name: text(p?.name) ?? '', ranking: text(p?.ranking), card: text(p?.card) }))
        .filter((p) => p.name !== '')
    : [];
  if (players.length === 0) return null;
  return { players, seed: int(side.seed), retired: side.retired === true, absent: side.absent === true };
}

/** A stored draw's matches (`draws.matches`: the client's `DrawMatch`es); one unreadable as such left out. */
export function readStoredMatches(values: readonly unknown[]): StoredMatch[] {
  const matches: StoredMatch[] = [];
  for (const value of values) {
    if (!value || typeof value !== 'object') continue;
    const match = value as Partial<DrawMatch>;
    const round = int(match.round);
    const position = int(match.position);
    if (round === null || position === null || !Array.isArray(match.sides)) continue;
    matches.push({
      round,
      position,
      sides: [readSide(match.sides[0]), readSide(match.sides[1])],
      score: text(match.score),
      winner: match.winner === 0 || match.winner === 1 ? match.winner : null,
    });
  }
  return matches;
}

/** A side for the browser: names and rankings, whether it is the user's; never the cards. */
function toDrawSide(side: DrawSide | null, card: string): DrawSideDto | null {
  if (!side) return null;
  return {
    players: side.players.map((p) => ({ name: p.name, ranking: p.ranking })),
    seed: side.seed,
    retired: side.retired,
    absent: side.absent,
    mine: sideHasCard(side, card),
  };
}

/** The user's way through a draw (shared `playerDraw`), for the browser. */
function toMyDraw(matches: readonly StoredMatch[], card: string): MyDraw | null {
  if (card === '') return null;
  const path = playerDraw(matches, (side) => sideHasCard(side, card));
  if (!path) return null;
  const side = (s: DrawSide) => toDrawSide(s, card) as DrawSideDto;
  return {
    side: side(path.side),
    status: path.status,
    steps: path.steps.map((step) => ({
      round: step.round,
      position: step.position,
      outcome: step.outcome,
      opponent: step.opponent ? side(step.opponent) : null,
      score: step.score,
      retired: step.retired,
      walkover: step.walkover,
    })),
    next: path.next
      ? {
          round: path.next.round,
          position: path.next.position,
          opponent: path.next.opponent ? side(path.next.opponent) : null,
          potential: path.next.potential.map(side),
        }
      : null,
  };
}

/**
 * A stored draw by round, each round's matches by position, with the user's side marked and
 * their way through it (`card`: the user's card, normalised; '' without one).
 */
export function toDraw(row: DrawRow, title: string | null, card = ''): Draw {
  const stored = readStoredMatches(row.matches);
  const byRound = new Map<number, DrawMatchDto[]>();
  for (const match of stored) {
    const matches = byRound.get(match.round) ?? [];
    matches.push({
      position: match.position,
      sides: [toDrawSide(match.sides[0], card), toDrawSide(match.sides[1], card)],
      score: match.score,
      winner: match.winner,
    });
    byRound.set(match.round, matches);
  }
  return {
    sectionCode: row.sectionCode,
    title,
    roundsCount: drawRoundsCount(stored),
    myDraw: toMyDraw(stored, card),
    rounds: [...byRound.entries()]
      .sort(([a], [b]) => a - b)
      .map(([round, matches]) => ({ round, matches: matches.sort((a, b) => a.position - b.position) })),
  };
}
