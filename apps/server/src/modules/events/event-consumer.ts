/**
 * Reading `competition_events` in order, exactly once per consumer (docs/decisions/025).
 *
 * A consumer (matching, live updates, reminder rescheduling) has a name and a cursor row in
 * `event_cursors`. Each batch runs in one transaction that locks the cursor row, reads the next
 * events after it, hands the ones of the wanted kinds to the handler and moves the cursor past
 * the whole batch. What the handler writes and the cursor move commit together: a crash loses
 * nothing and repeats nothing, and a second worker of the same consumer waits for the lock and
 * then sees the moved cursor.
 */
import type { CompetitionEventKind } from '@radar/shared';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { type CompetitionEventRow, competitionEvents, eventCursors } from '../../db/schema';
import type { CompetitionEventPayloads } from './events';

/** An event row whose payload is typed by its kind. */
export type CompetitionEvent<K extends CompetitionEventKind = CompetitionEventKind> = {
  [P in K]: Omit<CompetitionEventRow, 'kind' | 'payload'> & { kind: P; payload: CompetitionEventPayloads[P] };
}[K];

export interface ConsumeOptions<K extends CompetitionEventKind> {
  /** The consumer's name: its cursor. */
  consumer: string;
  /** The kinds it handles; the others are stepped over. */
  kinds: readonly K[];
  /** Events read per transaction. */
  batchSize?: number;
}

/**
 * What a handler may answer: nothing when it handled every event it was given, or
 * `{ stopBefore: id }` when it handled only the events before that one (which must wait, e.g.
 * for data still being written): the cursor then stops just before it, and the run ends, so
 * the next run starts again from that event.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: handlers that handle everything return nothing.
export type HandlerResult = void | { stopBefore: number };

export type EventHandler<K extends CompetitionEventKind> = (
  tx: Tx,
  events: CompetitionEvent<K>[],
) => Promise<HandlerResult>;

/**
 * Handles every event recorded after the consumer's cursor, batch by batch, until none is
 * left (or the handler asks to stop before an event). Returns how many events of the wanted
 * kinds were handled.
 */
export async function consumeEvents<K extends CompetitionEventKind>(
  db: Db,
  options: ConsumeOptions<K>,
  handler: EventHandler<K>,
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const wanted = new Set<CompetitionEventKind>(options.kinds);
  let handled = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const cursor = await lockCursor(tx, options.consumer);
      const rows = await tx
        .select()
        .from(competitionEvents)
        .where(gt(competitionEvents.id, cursor))
        .orderBy(asc(competitionEvents.id))
        .limit(batchSize);
      const last = rows.at(-1);
      if (!last) return 0;
      const events = rows.filter((row) => wanted.has(row.kind)) as unknown as CompetitionEvent<K>[];
      const result = events.length > 0 ? await handler(tx, events) : undefined;
      const stopBefore = result ? result.stopBefore : null;
      const lastEventId = stopBefore === null ? last.id : Math.max(cursor, stopBefore - 1);
      if (lastEventId !== cursor) {
        await tx
          .update(eventCursors)
          .set({ lastEventId, updatedAt: sql`now()` })
          .where(eq(eventCursors.consumer, options.consumer));
      }
      handled += stopBefore === null ? events.length : events.filter((event) => event.id < stopBefore).length;
      return stopBefore === null ? rows.length : -1;
    });
    if (batch < batchSize) return handled;
  }
}

/** The consumer's cursor, created at 0 the first time, locked until the transaction ends. */
async function lockCursor(tx: Tx, consumer: string): Promise<number> {
  await tx.insert(eventCursors).values({ consumer }).onConflictDoNothing({ target: eventCursors.consumer });
  const [row] = await tx
    .select({ lastEventId: eventCursors.lastEventId })
    .from(eventCursors)
    .where(eq(eventCursors.consumer, consumer))
    .for('update');
  return row?.lastEventId ?? 0;
}

/** The consumer's cursor without locking it (for status and tests). */
export async function readCursor(db: Executor, consumer: string): Promise<number> {
  const [row] = await db
    .select({ lastEventId: eventCursors.lastEventId })
    .from(eventCursors)
    .where(eq(eventCursors.consumer, consumer));
  return row?.lastEventId ?? 0;
}
