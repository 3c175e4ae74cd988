/**
 * The one mapper of each competition and tournament DTO: search results, the detail and My
 * tournaments all build their competitions and tournaments here.
 */
import type { CompetitionSummary, Eligibility, TournamentSummary } from '@radar/shared';
import type { CompetitionRow, SubscriptionRow, TournamentRow } from '../../db/schema';
import { spliceable } from '../../http/spliced-json';

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
  const head = tournamentHead(t);
  return spliceable(head, {
    ...head,
    followed: subscription !== undefined,
    subscriptionId: subscription?.id ?? null,
    lost: subscription?.lost ?? false,
    eligibility,
  });
}

type TournamentHead = Pick<TournamentSummary, 'uuid'> & ReturnType<typeof toTournamentBase>;
const tournamentHeads = new WeakMap<TournamentRow, TournamentHead>();

/**
 * What every user sees of a tournament, made once per row: the rows of a kept search answer are
 * shared by every request, and so is this part's JSON (`spliced-json.ts`, docs/decisions/135).
 */
function tournamentHead(t: TournamentRow): TournamentHead {
  let head = tournamentHeads.get(t);
  if (!head) {
    head = { uuid: t.uuid, ...toTournamentBase(t) };
    tournamentHeads.set(t, head);
  }
  return head;
}
