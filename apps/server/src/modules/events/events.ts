/**
 * Change events recorded by ingestion (table `competition_events`), for the matching engine
 * and live updates. See docs/decisions/021-competition-change-events.md.
 *
 * A row: `{ id, kind, competitionGuid, tournamentUuid, itemKey, payload, dedupeKey, createdAt }`.
 * Documents and orders of play belong to the competition (`tournamentUuid` null, `itemKey` the
 * file name); a draw to a tournament section (`itemKey` `<TournamentId>:<SectionCode>`).
 * `id` grows in commit order; consumers keep their own cursor (the last id they handled).
 */
import type { CompetitionEventKind } from '@radar/shared';

interface Base {
  /** The competition's name at the time of the change (for notification texts). */
  competitionName: string;
}

export interface CompetitionEventPayloads {
  new_competition: Base & {
    startDate: string;
    endDate: string;
    regionId: number | null;
    provinceId: number | null;
    codFonte: number | null;
  };
  tournament_added: Base & {
    description: string;
    type: string | null;
    categoryClass: number | null;
    ageCategory: string | null;
  };
  new_document: ItemPayload;
  new_order_of_play: ItemPayload;
  new_scoreboard: ItemPayload;
  /** The registration deadline moved (ISO instants). */
  deadline_changed: Base & { from: string; to: string };
  /** The competition's days moved. */
  dates_changed: Base & {
    from: { startDate: string; endDate: string };
    to: { startDate: string; endDate: string };
  };
}

export interface ItemPayload extends Base {
  /** The tournament's description for a draw; null for a competition's file. */
  tournamentDescription: string | null;
  title: string;
  url: string | null;
  /** Day of play, for orders of play. */
  date: string | null;
  publishedAt: string | null;
  /** A draw published before and changed since (new results); absent on its first publication. */
  updated?: boolean;
}

export type NewCompetitionEvent<K extends CompetitionEventKind = CompetitionEventKind> = {
  [P in K]: {
    kind: P;
    competitionGuid: string;
    tournamentUuid: string | null;
    itemKey: string | null;
    payload: CompetitionEventPayloads[P];
    dedupeKey: string;
  };
}[K];

/** Keys that make recording idempotent: the same change is recorded once, however often it is seen. */
export const dedupeKeys = {
  newCompetition: (guid: string) => `new_competition:${guid}`,
  tournamentAdded: (uuid: string) => `tournament_added:${uuid}`,
  /** A competition's file (document, order of play): once per file name. */
  newFile: (kind: 'new_document' | 'new_order_of_play', guid: string, fileName: string) =>
    `${kind}:${guid}:${fileName}`,
  /** A draw: once per published version (its checksum). */
  newScoreboard: (uuid: string, sectionCode: string, checksum: string) =>
    `new_scoreboard:${uuid}:${sectionCode}:${checksum}`,
  /** A move of the competition's last deadline, or of a band's (`bands`: the checksum of its deadlines as read). */
  deadlineChanged: (guid: string, from: string, to: string, bands: string) =>
    `deadline_changed:${guid}:${from}>${to}:${bands}`,
  datesChanged: (guid: string, from: string, to: string) => `dates_changed:${guid}:${from}>${to}`,
};

/** The event of a competition seen for the first time (a competition, no tournament nor item). */
export function newCompetitionEvent(
  guid: string,
  payload: CompetitionEventPayloads['new_competition'],
): NewCompetitionEvent<'new_competition'> {
  return {
    kind: 'new_competition',
    competitionGuid: guid,
    tournamentUuid: null,
    itemKey: null,
    dedupeKey: dedupeKeys.newCompetition(guid),
    payload,
  };
}

export const ITEM_EVENT_KINDS = {
  document: 'new_document',
  order_of_play: 'new_order_of_play',
  draw: 'new_scoreboard',
} as const;
