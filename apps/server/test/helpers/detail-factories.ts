/**
 * The federation's data as ingestion writes it for the real contract (docs/decisions/180-182),
 * straight into the database: a competition with its tournaments, entry lists (doubles pairs),
 * per-band deadlines, files and draws.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import {
  competitions,
  draws,
  fitpCards,
  participants,
  tournamentDeadlines,
  tournamentItems,
  tournaments,
} from '../../src/db/schema';
import type { DrawMatch } from '../../src/federation/types';

const upper = () => randomUUID().toUpperCase();
const AT = new Date('2026-01-01T00:00:00Z');

export type EntryValues = {
  card: string;
  name?: string;
  surname?: string;
  ranking?: string | null;
  subscriptionDate?: Date | null;
  pair?: number | null;
};

export type BandValues = { minRank: string; maxRank: string; closesAt?: Date | null; byReferee?: boolean };

export type TournamentValues = Partial<typeof tournaments.$inferInsert> & {
  entries?: EntryValues[];
  bands?: BandValues[];
  draw?: { sectionCode: string; matches: DrawMatch[] };
};

/** A stored competition: its row, tournaments (each with entries, bands, draw) and files. */
export async function storeCompetition(
  db: Db,
  values: Partial<typeof competitions.$inferInsert> = {},
  tournamentList: TournamentValues[] = [{}],
  files: Array<{ kind: string; fileName: string; title?: string; playDate?: string | null }> = [],
) {
  const guid = values.guid ?? upper();
  const name = values.name ?? `Torneo ${guid.slice(0, 6)}`;
  await db.insert(competitions).values({
    startDate: '2026-09-10',
    endDate: '2026-09-20',
    firstSeenAt: AT,
    listSyncedAt: AT,
    updatedAt: AT,
    searchText: name.toLowerCase(),
    ...values,
    name,
    guid,
  });
  const uuids: string[] = [];
  for (const [ordinal, tv] of tournamentList.entries()) {
    const { entries = [], bands = [], draw, ...row } = tv;
    const uuid = row.uuid ?? upper();
    uuids.push(uuid);
    await db.insert(tournaments).values({
      competitionGuid: guid,
      ordinal,
      description: 'Singolare maschile',
      type: 'Maschile',
      categoryClass: 4,
      firstSeenAt: AT,
      updatedAt: AT,
      participantsCount: entries.length,
      ...row,
      uuid,
    });
    if (entries.length > 0) {
      await db.insert(participants).values(
        entries.map((e, i) => ({
          tournamentUuid: uuid,
          ordinal: i,
          name: e.name ?? `Nome${i}`,
          surname: e.surname ?? `Cognome${i}`,
          membershipCard: e.card,
          ranking: e.ranking ?? null,
          subscriptionDate: e.subscriptionDate ?? new Date(Date.UTC(2026, 7, 1 + i)),
          pair: e.pair ?? null,
        })),
      );
    }
    if (bands.length > 0) {
      await db.insert(tournamentDeadlines).values(
        bands.map((b, i) => ({
          tournamentUuid: uuid,
          ordinal: i,
          minRank: b.minRank,
          maxRank: b.maxRank,
          closesAt: b.byReferee ? null : (b.closesAt ?? null),
          byReferee: b.byReferee ?? false,
        })),
      );
    }
    if (draw) {
      await db.insert(draws).values({
        tournamentUuid: uuid,
        sectionCode: draw.sectionCode,
        competitionGuid: guid,
        matches: draw.matches,
        checksum: 'x',
        firstSeenAt: AT,
        updatedAt: AT,
      });
    }
  }
  if (files.length > 0) {
    await db.insert(tournamentItems).values(
      files.map((f) => ({
        competitionGuid: guid,
        // The kinds ingestion stores for the file lists (§4): document, rules, order_of_play.
        kind: f.kind as typeof tournamentItems.$inferInsert.kind,
        itemKey: f.fileName,
        title: f.title ?? f.fileName,
        playDate: f.playDate ?? null,
        firstSeenAt: AT,
      })),
    );
  }
  return { guid, uuids };
}

/** A connected card with its player data (as the validation stores it). */
export async function storeCard(db: Db, userId: string, cardNumber: string, ranking: string | null) {
  await db.insert(fitpCards).values({
    userId,
    cardNumber,
    name: 'Giulia',
    surname: 'Bianchi',
    ranking,
    fetchedAt: AT,
    connectedAt: AT,
  });
}
