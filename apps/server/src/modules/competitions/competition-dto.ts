/**
 * The one mapper of each competition and tournament DTO: search results, the detail and My
 * tournaments all build their competitions and tournaments here.
 */
import type { CompetitionSummary, Eligibility, TournamentSummary } from '@radar/shared';
import type { CompetitionRow, SubscriptionRow, TournamentRow } from '../../db/schema';

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
