import { normalizeCardNumber } from '@radar/shared';
import { and, asc, desc, eq, exists, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  fitpCards,
  orderOfPlayTexts,
  participants,
  subscriptions,
  tournamentItems,
  tournaments,
} from '../../db/schema';
import type { TextWord } from './pdf-text';

export interface FileToRead {
  competitionGuid: string;
  fileName: string;
}

/**
 * Orders of play worth reading: of a competition followed (not lost) by a user with a linked card,
 * for a day of play from `today` on (or undated and first seen since `since`), whose text is not
 * read yet or whose reading failed before `retryBefore`: the newest first, at most `limit`.
 */
export function listFilesToRead(
  db: Executor,
  options: { since: Date; today: string; retryBefore: Date; limit: number },
): Promise<FileToRead[]> {
  const followedByACard = db
    .select({ one: sql`1` })
    .from(subscriptions)
    .innerJoin(fitpCards, eq(fitpCards.userId, subscriptions.userId))
    .where(
      and(eq(subscriptions.competitionGuid, tournamentItems.competitionGuid), eq(subscriptions.lost, false)),
    );
  return db
    .select({ competitionGuid: tournamentItems.competitionGuid, fileName: tournamentItems.itemKey })
    .from(tournamentItems)
    .leftJoin(
      orderOfPlayTexts,
      and(
        eq(orderOfPlayTexts.competitionGuid, tournamentItems.competitionGuid),
        eq(orderOfPlayTexts.fileName, tournamentItems.itemKey),
      ),
    )
    .where(
      and(
        eq(tournamentItems.kind, 'order_of_play'),
        or(
          gte(tournamentItems.playDate, options.today),
          and(isNull(tournamentItems.playDate), gte(tournamentItems.firstSeenAt, options.since)),
        ),
        exists(followedByACard),
        or(
          isNull(orderOfPlayTexts.fileName),
          and(isNotNull(orderOfPlayTexts.failedAt), lt(orderOfPlayTexts.failedAt, options.retryBefore)),
        ),
      ),
    )
    .orderBy(desc(tournamentItems.firstSeenAt))
    .limit(options.limit);
}

/** Stores a file's words (or its failure: no words, `failedAt`), replacing an earlier try. */
export async function saveText(
  db: Executor,
  row: { competitionGuid: string; fileName: string; words: TextWord[]; at: Date; failed: boolean },
): Promise<void> {
  const values = { words: row.words, extractedAt: row.at, failedAt: row.failed ? row.at : null };
  await db
    .insert(orderOfPlayTexts)
    .values({ competitionGuid: row.competitionGuid, fileName: row.fileName, ...values })
    .onConflictDoUpdate({
      target: [orderOfPlayTexts.competitionGuid, orderOfPlayTexts.fileName],
      set: values,
    });
}

/** Whether the file has been read, or tried (`order_of_play_texts` has its row). */
export async function hasText(db: Executor, guid: string, fileName: string): Promise<boolean> {
  const [row] = await db
    .select({ fileName: orderOfPlayTexts.fileName })
    .from(orderOfPlayTexts)
    .where(and(eq(orderOfPlayTexts.competitionGuid, guid), eq(orderOfPlayTexts.fileName, fileName)));
  return row !== undefined;
}

export interface StoredText {
  fileName: string;
  playDate: string | null;
  words: TextWord[];
}

/** A competition's read orders of play (all, or the files named), by day of play. */
export async function findTexts(
  db: Executor,
  guid: string,
  options: { fileNames?: readonly string[]; fromDate?: string } = {},
): Promise<StoredText[]> {
  const rows = await db
    .select({
      fileName: orderOfPlayTexts.fileName,
      playDate: tournamentItems.playDate,
      words: orderOfPlayTexts.words,
    })
    .from(orderOfPlayTexts)
    .innerJoin(
      tournamentItems,
      and(
        eq(tournamentItems.competitionGuid, orderOfPlayTexts.competitionGuid),
        eq(tournamentItems.kind, 'order_of_play'),
        eq(tournamentItems.itemKey, orderOfPlayTexts.fileName),
      ),
    )
    .where(
      and(
        eq(orderOfPlayTexts.competitionGuid, guid),
        isNull(orderOfPlayTexts.failedAt),
        options.fileNames ? inArray(orderOfPlayTexts.fileName, [...options.fileNames]) : undefined,
        options.fromDate
          ? or(isNull(tournamentItems.playDate), gte(tournamentItems.playDate, options.fromDate))
          : undefined,
      ),
    )
    .orderBy(sql`${tournamentItems.playDate} asc nulls last`, asc(orderOfPlayTexts.fileName));
  return rows.map((r) => ({ ...r, words: r.words as TextWord[] }));
}

export interface CardHolder {
  userId: string;
  cardNumber: string;
  name: string;
  surname: string;
}

/** The linked cards of these users (their names as the federation writes them). */
export function findCardHolders(db: Executor, userIds: readonly string[]): Promise<CardHolder[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: fitpCards.userId,
      cardNumber: fitpCards.cardNumber,
      name: fitpCards.name,
      surname: fitpCards.surname,
    })
    .from(fitpCards)
    .where(inArray(fitpCards.userId, [...userIds]));
}

/** The doubles partners of these cards in a competition's entry lists: normalised card → partner's name. */
export async function findPartners(
  db: Executor,
  guid: string,
  cards: readonly string[],
): Promise<Map<string, { name: string; surname: string }>> {
  const partners = new Map<string, { name: string; surname: string }>();
  if (cards.length === 0) return partners;
  const rows = await db
    .select({
      tournamentUuid: participants.tournamentUuid,
      membershipCard: participants.membershipCard,
      name: participants.name,
      surname: participants.surname,
      pair: participants.pair,
    })
    .from(participants)
    .innerJoin(tournaments, eq(tournaments.uuid, participants.tournamentUuid))
    .where(and(eq(tournaments.competitionGuid, guid), isNotNull(participants.pair)));
  const wanted = new Set(cards.map(normalizeCardNumber));
  for (const row of rows) {
    const card = normalizeCardNumber(row.membershipCard);
    if (!wanted.has(card) || partners.has(card)) continue;
    const partner = rows.find(
      (p) =>
        p.tournamentUuid === row.tournamentUuid &&
        p.pair === row.pair &&
        p.membershipCard !== row.membershipCard,
    );
    if (partner) partners.set(card, { name: partner.name, surname: partner.surname });
  }
  return partners;
}
