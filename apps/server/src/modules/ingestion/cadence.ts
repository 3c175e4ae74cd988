/**
 * What a pass reads now (fitp-contract.md §10, docs/decisions/181): decided from the stored state
 * and the clock alone, so every pass (scheduled or `npm run ingest`) makes the same choice and
 * tests drive it with an injected clock. Every interval lives here.
 */
import { addDays, romeDate } from '@radar/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CADENCE = {
  /** The whole calendar is swept once a day… */
  fullSweepMs: 24 * HOUR,
  /** …from this many days back (running and recently concluded competitions)… */
  sweepPastDays: 60,
  /** …and every pass sweeps the competitions starting within this many days. */
  nearSweepDays: 60,
  /** Details of competitions with open registration or starting within `nearSweepDays`. */
  detailSoonMs: 5 * HOUR,
  /** Details in the last `deadlineWindowMs` before one of their band deadlines. */
  detailDeadlineMs: HOUR,
  deadlineWindowMs: 24 * HOUR,
  /** Details of every other competition still of interest. */
  detailOtherMs: 24 * HOUR,
  /** Passes read details of competitions concluded at most this many days ago. */
  detailPastDays: 14,
  /** Orders of play are listed on event days: from `oopLeadDays` before the start to the end… */
  oopLeadDays: 28,
  /** …this often. */
  oopMs: HOUR,
  /** Draws of tournaments whose registration closed, during play, this often. */
  drawMs: 45 * MINUTE,
} as const;

export type SweepMode = 'full' | 'near';

export interface SweepPlan {
  mode: SweepMode;
  /** `startFrom` of every query of the sweep. */
  from: string;
  /** The near sweep stops walking a province past this day; null: to the end. */
  until: string | null;
}

/** The list sweep of this pass: the whole calendar when its daily sweep is due, else the next 60 days. */
export function sweepPlan(now: Date, lastFullSweepAt: Date | null): SweepPlan {
  const today = romeDate(now);
  if (lastFullSweepAt === null || now.getTime() - lastFullSweepAt.getTime() >= CADENCE.fullSweepMs) {
    return { mode: 'full', from: addDays(today, -CADENCE.sweepPastDays), until: null };
  }
  return { mode: 'near', from: today, until: addDays(today, CADENCE.nearSweepDays) };
}

/** What cadence needs to know of a stored competition. */
export interface CadenceCompetition {
  guid: string;
  startDate: string;
  endDate: string;
  /** TPRA rows and team championships: the federation has no detail for them. */
  hasDetailCall: boolean;
  /** The latest deadline over its tournaments (open registration while in the future). */
  registrationClosesAt: Date | null;
  /** Its earliest band deadline still to come, if any. */
  nextDeadlineAt: Date | null;
  detailSyncedAt: Date | null;
  detailStatus: 'found' | 'unpublished' | null;
}

/** How often this competition's detail is read now; null: passes do not read it. */
export function detailIntervalMs(c: CadenceCompetition, now: Date): number | null {
  if (!c.hasDetailCall) return null;
  const today = romeDate(now);
  if (c.endDate < addDays(today, -CADENCE.detailPastDays)) return null;
  const t = now.getTime();
  if (
    c.nextDeadlineAt &&
    c.nextDeadlineAt.getTime() > t &&
    c.nextDeadlineAt.getTime() - t <= CADENCE.deadlineWindowMs
  )
    return CADENCE.detailDeadlineMs;
  const open = c.registrationClosesAt !== null && c.registrationClosesAt.getTime() > t;
  if (open || c.startDate <= addDays(today, CADENCE.nearSweepDays)) return CADENCE.detailSoonMs;
  return CADENCE.detailOtherMs;
}

/** Whether this pass reads the competition's detail (never read, or read longer ago than its interval). */
export function detailDue(c: CadenceCompetition, now: Date): boolean {
  const interval = detailIntervalMs(c, now);
  if (interval === null) return false;
  if (c.detailSyncedAt === null) return true;
  return now.getTime() - c.detailSyncedAt.getTime() >= interval;
}

/** An event day of the competition: from `oopLeadDays` before its start to its end. */
export function isOrderOfPlayDay(c: Pick<CadenceCompetition, 'startDate' | 'endDate'>, now: Date): boolean {
  const today = romeDate(now);
  return addDays(c.startDate, -CADENCE.oopLeadDays) <= today && today <= c.endDate;
}

/** During play: from the first day to the last. */
export function isPlayDay(c: Pick<CadenceCompetition, 'startDate' | 'endDate'>, now: Date): boolean {
  const today = romeDate(now);
  return c.startDate <= today && today <= c.endDate;
}

/** A stable offset in [0, interval) for a key: spreads periodic reads of many competitions over the interval. */
function offsetOf(key: string, intervalMs: number): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return hash % intervalMs;
}

/**
 * A periodic read without a stored "last read" per item: due when a tick of `intervalMs` (shifted by
 * the key's own offset) fell between the previous pass and this one. So each key is read once per
 * interval whatever the passes' rhythm, and the keys' reads are spread over the interval. The first
 * pass (no previous one) reads everything.
 */
export function tickDue(previousPassAt: Date | null, now: Date, intervalMs: number, key: string): boolean {
  if (previousPassAt === null) return true;
  const offset = offsetOf(key, intervalMs);
  const bucket = (at: Date) => Math.floor((at.getTime() - offset) / intervalMs);
  return bucket(now) > bucket(previousPassAt);
}

/** What a pass reads of one competition. */
export interface CompetitionWork {
  detail: boolean;
  documents: boolean;
  ordersOfPlay: boolean;
  draws: boolean;
}

/**
 * The reads of one stored competition in this pass. Documents are listed with each detail read;
 * orders of play with each detail read on event days and every `oopMs` on them; draws (of the
 * tournaments whose registration closed) with each detail read until the competition ends and every
 * `drawMs` during play. A competition without a published detail has no files nor draws to read.
 */
export function competitionWork(
  c: CadenceCompetition,
  now: Date,
  previousPassAt: Date | null,
): CompetitionWork {
  const detail = detailDue(c, now);
  const published = detail || c.detailStatus === 'found';
  const ended = c.endDate < romeDate(now);
  const relevant = c.hasDetailCall && published && detailIntervalMs(c, now) !== null;
  return {
    detail,
    documents: relevant && detail,
    ordersOfPlay:
      relevant && isOrderOfPlayDay(c, now) && (detail || tickDue(previousPassAt, now, CADENCE.oopMs, c.guid)),
    draws:
      relevant &&
      !ended &&
      (detail || (isPlayDay(c, now) && tickDue(previousPassAt, now, CADENCE.drawMs, c.guid))),
  };
}
