/**
 * The user's match time from the orders of play (issue 29 point 2, docs/decisions/204).
 *
 * Each new order of play is downloaded and read once (`readNewOrdersOfPlay`, before the
 * live-updates pass notifies): its positioned words are stored in `order_of_play_texts`. Then,
 * per follower with a linked card, the parser looks for the card holder's name (and a doubles
 * partner's) in the stored words — for the notification's text (`orderOfPlayMatches`) and the
 * dashboard (`nextMatchOf`). A file that could not be read stays a plain notification that links it.
 */
import { normalizeCardNumber, type OrderOfPlayMatch, romeDate } from '@radar/shared';
import type { Executor } from '../../db/client';
import type { FederationClient } from '../../federation/types';
import type { AppLogger } from '../../logger';
import {
  type FileToRead,
  findCardHolders,
  findPartners,
  findTexts,
  hasText,
  listFilesToRead,
  saveText,
} from './orders-of-play.repository';
import { type FoundMatch, findMatches } from './parser';
import { pdfWords, type TextWord } from './pdf-text';

export interface ReadDeps {
  db: Executor;
  federation: FederationClient;
  logger: AppLogger;
  now: () => Date;
}

/** An undated file (`oop.pdf`) first seen this long ago is not read any more. */
export const READ_WINDOW_MS = 24 * 3_600_000;
/** A failed reading is tried again after this long. */
export const RETRY_AFTER_MS = 3_600_000;
/** Files read per pass at most. */
export const READS_PER_PASS = 20;
/** An order of play is about 450 KB; anything much larger is not one. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 20_000;

async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      length += part.value.byteLength;
      if (length > MAX_FILE_BYTES) throw new Error(`order of play over ${MAX_FILE_BYTES} bytes`);
      chunks.push(part.value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** One file's words: downloaded through the federation client, read with unpdf. */
async function wordsOf(federation: FederationClient, file: FileToRead): Promise<TextWord[]> {
  const download = await federation.download('order_of_play', file.competitionGuid, file.fileName, {
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    maxRetries: 1,
  });
  if (!download) throw new Error('the federation has no such file (404)');
  return pdfWords(await readAll(download.body));
}

/**
 * Reads the orders of play that matter (followed by a card holder, for today or later) once each
 * and stores their words; a failure (download, unreadable
 * PDF) is logged and stored as such, tried again an hour later while the file is new. Never throws
 * for a file: the notifications go out plain. Returns how many files were read.
 */
export async function readNewOrdersOfPlay(deps: ReadDeps): Promise<number> {
  const now = deps.now();
  const files = await listFilesToRead(deps.db, {
    since: new Date(now.getTime() - READ_WINDOW_MS),
    today: romeDate(now),
    retryBefore: new Date(now.getTime() - RETRY_AFTER_MS),
    limit: READS_PER_PASS,
  });
  let read = 0;
  for (const file of files) if (await readOne(deps, file)) read++;
  return read;
}

/** Reads one file and stores its words, or its failure (logged); whether it was read. */
async function readOne(deps: ReadDeps, file: FileToRead): Promise<boolean> {
  try {
    const words = await wordsOf(deps.federation, file);
    await saveText(deps.db, { ...file, words, at: deps.now(), failed: false });
    return true;
  } catch (error) {
    deps.logger.warn(
      { err: error, competitionGuid: file.competitionGuid, fileName: file.fileName },
      'order of play not read: its notification links the file without the match time',
    );
    await saveText(deps.db, { ...file, words: [], at: deps.now(), failed: true });
    return false;
  }
}

const asMatch = ({ date, time, timeKind, court, opponents }: FoundMatch): OrderOfPlayMatch => ({
  date,
  time,
  timeKind,
  court,
  opponents,
});

/** The card holders among `userIds`, each with the partner they enter doubles with here. */
async function playersOf(db: Executor, guid: string, userIds: readonly string[]) {
  const holders = await findCardHolders(db, [...new Set(userIds)]);
  const partners = await findPartners(
    db,
    guid,
    holders.map((h) => h.cardNumber),
  );
  return holders.map((h) => ({
    userId: h.userId,
    player: { surname: h.surname, name: h.name },
    partner: partners.get(normalizeCardNumber(h.cardNumber)) ?? null,
  }));
}

/**
 * For a new order of play: each follower's first match in it (users without a linked card, or
 * not named in it, are absent). The file's stored words; a file recorded after this pass's
 * reading (a visit meanwhile) is read now with `reader`, its words stored through `db`.
 */
export async function orderOfPlayMatches(
  db: Executor,
  guid: string,
  fileName: string,
  userIds: readonly string[],
  reader?: Omit<ReadDeps, 'db'>,
): Promise<Map<string, OrderOfPlayMatch>> {
  const out = new Map<string, OrderOfPlayMatch>();
  if (userIds.length === 0) return out;
  const players = await playersOf(db, guid, userIds);
  if (players.length === 0) return out;
  let [text] = await findTexts(db, guid, { fileNames: [fileName] });
  if (!text && reader && !(await hasText(db, guid, fileName))) {
    await readOne({ ...reader, db }, { competitionGuid: guid, fileName });
    [text] = await findTexts(db, guid, { fileNames: [fileName] });
  }
  if (!text || text.words.length === 0) return out;
  for (const { userId, player, partner } of players) {
    const [first] = findMatches(text.words, player, { fileDate: text.playDate, partner });
    if (first) out.set(userId, asMatch(first));
  }
  return out;
}

/** The user's next match in a competition's orders of play, from `today` on; null when none names them. */
export async function nextMatchOf(
  db: Executor,
  userId: string,
  guid: string,
  today: string,
): Promise<OrderOfPlayMatch | null> {
  const [holder] = await playersOf(db, guid, [userId]);
  if (!holder) return null;
  const texts = await findTexts(db, guid, { fromDate: today });
  for (const text of texts) {
    const found = findMatches(text.words, holder.player, {
      fileDate: text.playDate,
      partner: holder.partner,
    });
    const next = found.find((m) => m.date === null || m.date >= today);
    if (next) return asMatch(next);
  }
  return null;
}
