/**
 * The one mapper of each competition and tournament DTO: search results, the detail and My
 * tournaments all build their competitions and tournaments here.
 */
import type { CompetitionSummary, Eligibility, TournamentSummary } from '@radar/shared';
import type { CompetitionRow, SubscriptionRow, TournamentRow } from '../../db/schema';
import { type Splice, type Spliced, spliceOf, spliceTail, withSplice } from '../../http/spliced-json';

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
 * whether their card may enter it (null without a card; docs/decisions/101).
 */
export function toTournamentSummary(
  t: TournamentRow,
  subscription: Pick<SubscriptionRow, 'id' | 'lost'> | undefined,
  eligibility: Eligibility | null,
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
  eligibility: Eligibility | null,
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
