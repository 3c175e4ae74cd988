/**
 * The matching engine (spec architecture, core loop step 2; docs/decisions/040): new
 * competitions recorded by ingestion reach the users whose enabled filters match them, as one
 * `new_tournament` notification per user and competition, exactly once.
 */
import { randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client';
import { type CompetitionEvent, consumeEvents } from '../events/event-consumer';
import { matchInstant } from '../filters/filter-sql';
import { createNotificationsFromQuery } from '../notifications/notifications.service';
import {
  findDetailStates,
  matchNotificationsSource,
  NEW_TOURNAMENT_KEY_PREFIX,
  readIngestTimes,
  setMatchTransactionSettings,
} from './matching.repository';

/** The matching engine's cursor over `competition_events`. */
export const MATCHING_CONSUMER = 'matching';

/**
 * Events per batch: one transaction, one matching query and one `createNotifications` call each.
 * It bounds the memory a run holds (the notifications of a batch) whatever the backlog.
 */
export const MATCH_BATCH_SIZE = 100;

/** The dedupe key of a user's notification about a new competition: one per user, ever. */
export const newTournamentDedupeKey = (competitionGuid: string) =>
  `${NEW_TOURNAMENT_KEY_PREFIX}${competitionGuid}`;

export interface MatchingDeps {
  db: Db;
  /** The job queue the notifications' deliveries are enqueued on, in the same transaction. */
  queue: PgBoss;
  /** The instant filters are matched at (status and time periods depend on it). */
  now: () => Date;
  logger?: Pick<Logger, 'info' | 'debug'>;
}

export interface MatchingSummary {
  /** `new_competition` events handled. */
  events: number;
  /** (user, competition) matches found. */
  matches: number;
  /** Notifications created (matches whose notification already existed are not counted). */
  notifications: number;
  /** Whether it stopped before a competition whose draws are not known yet (see {@link waitsForDetail}). */
  waiting: boolean;
  /** The delivery batch: a user's notifications of one run are emailed together. */
  batchId: string;
  /**
   * Wall time of the statements that match and write the notifications (ms), for logs and the
   * benchmark: one statement per batch does both (decision 133), so they are not timed apart.
   */
  timings: { writeMs: number };
}

/**
 * Whether matching must wait for this new competition: its draws (the tournaments of its
 * detail, needed by type and category criteria) are filled by the detail read, which comes
 * after the list transaction that recorded the event. It waits until the detail is stored (or
 * found unpublished), or until an ingestion pass has finished since the event was recorded
 * (that pass had its chance to read the detail; a failed read must not hold matching back).
 */
function waitsForDetail(
  event: CompetitionEvent<'new_competition'>,
  detailSettled: boolean | undefined,
  ingest: { startedAt: Date | null; finishedAt: Date | null },
): boolean {
  // A competition gone from the table has nothing to match.
  if (detailSettled === undefined || detailSettled) return false;
  const { startedAt, finishedAt } = ingest;
  const passIdle = finishedAt !== null && (startedAt === null || finishedAt >= startedAt);
  return !(passIdle && finishedAt >= event.createdAt);
}

/**
 * Handles every `new_competition` event not handled yet: one set-based query per batch finds
 * each user's matching enabled filters, and each user gets one notification per competition
 * (reasons: the union of their matching filters' reasons; `matchingFilters`: how many). The
 * cursor (docs/decisions/025) and the dedupe key `new_tournament:<guid>` make it exactly once,
 * whoever runs it and however often.
 */
export async function runMatching(
  deps: MatchingDeps,
  options: { batchSize?: number } = {},
): Promise<MatchingSummary> {
  const at = matchInstant(deps.now());
  const summary: MatchingSummary = {
    events: 0,
    matches: 0,
    notifications: 0,
    waiting: false,
    batchId: randomUUID(),
    timings: { writeMs: 0 },
  };
  summary.events = await consumeEvents(
    deps.db,
    {
      consumer: MATCHING_CONSUMER,
      kinds: ['new_competition'],
      batchSize: options.batchSize ?? MATCH_BATCH_SIZE,
    },
    async (tx: Tx, events) => {
      const guids = [...new Set(events.map((event) => event.competitionGuid))];
      const [states, ingest] = [await findDetailStates(tx, guids), await readIngestTimes(tx)];
      const waitAt = events.find((event) =>
        waitsForDetail(event, states.get(event.competitionGuid)?.detailSettled, ingest),
      );
      const ready = waitAt ? events.filter((event) => event.id < waitAt.id) : events;
      const readyGuids = [...new Set(ready.map((event) => event.competitionGuid))];
      // The matches go from the query straight into the notifications (decision 133): one
      // statement, nothing through JavaScript.
      const writeStarted = performance.now();
      if (readyGuids.length > 0) {
        await setMatchTransactionSettings(tx);
        const written = await createNotificationsFromQuery(
          tx,
          matchNotificationsSource(tx, readyGuids, at, summary.batchId),
          { queue: deps.queue },
        );
        summary.matches += written.sourceRows;
        summary.notifications += written.created;
      }
      summary.timings.writeMs += performance.now() - writeStarted;
      if (!waitAt) return;
      summary.waiting = true;
      return { stopBefore: waitAt.id };
    },
  );
  deps.logger?.info({ ...summary }, 'matching finished');
  return summary;
}
