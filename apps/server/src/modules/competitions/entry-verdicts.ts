/**
 * The stored rows as the entry verdict of @radar/shared reads them (decision 206): the detail's
 * and the lists' badges, and the search's "only tournaments I can enter" in memory.
 */
import type { EntryCompetition, EntryDraw, EntryPlayer } from '@radar/shared';
import type { CompetitionRow, TournamentDeadlineRow, TournamentRow } from '../../db/schema';
import type { CardSide } from './competitions.repository';

export function entryCompetitionOf(row: CompetitionRow): EntryCompetition {
  return {
    startDate: row.startDate,
    registrationOpensAt: row.registrationOpensAt,
    registrationClosesAt: row.registrationClosesAt,
    idStato: row.idStato,
    tipoTorneo: row.tipoTorneo,
    catClass: row.catClass,
    ageCodes: row.ageCodes,
  };
}

/** A tournament with its per-band deadlines (in their order). */
export function entryDrawOf(t: TournamentRow, deadlines: readonly TournamentDeadlineRow[]): EntryDraw {
  return {
    uuid: t.uuid,
    gender: t.gender,
    ageCodes: t.ageCodes,
    rankingLimit: t.rankingLimit,
    categoryClass: t.categoryClass,
    registrationClosesAt: t.registrationClosesAt,
    deadlines,
    federationStatus: t.federationStatus,
  };
}

/** The player of a card; null without a card. */
export function entryPlayerOf(card: CardSide | null): EntryPlayer | null {
  if (card === null) return null;
  return {
    ranking: card.ranking,
    gender: card.gender,
    birthYear: card.birthYear,
    entered: new Set(card.entered),
  };
}

/** Deadlines by tournament uuid, each list in its order. */
export function groupDeadlines(rows: readonly TournamentDeadlineRow[]): Map<string, TournamentDeadlineRow[]> {
  const byTournament = new Map<string, TournamentDeadlineRow[]>();
  for (const row of rows) {
    const list = byTournament.get(row.tournamentUuid);
    if (list) list.push(row);
    else byTournament.set(row.tournamentUuid, [row]);
  }
  for (const list of byTournament.values()) list.sort((a, b) => a.ordinal - b.ordinal);
  return byTournament;
}
