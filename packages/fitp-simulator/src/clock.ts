/**
 * The simulator's clock: real time by default; tests set it (which freezes it) and advance it.
 * Everything the simulator answers is a function of this clock's `now`.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from './rome-time';

export type Duration =
  | number
  | {
      readonly days?: number;
      readonly hours?: number;
      readonly minutes?: number;
      readonly seconds?: number;
      readonly ms?: number;
    };

export const durationMs = (d: Duration): number =>
  typeof d === 'number'
    ? d
    : (d.days ?? 0) * DAY_MS +
      (d.hours ?? 0) * HOUR_MS +
      (d.minutes ?? 0) * MINUTE_MS +
      (d.seconds ?? 0) * 1000 +
      (d.ms ?? 0);

export type InstantLike = Date | number | string;

export function toInstant(value: InstantLike): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(value)}`);
  return ms;
}

export class Clock {
  /** The frozen instant, or undefined while following real time. */
  private frozenAt: number | undefined;
  /** Added to real time while not frozen (advancing a running clock moves it ahead). */
  private offsetMs = 0;

  constructor(
    start?: InstantLike,
    private readonly realNow: () => number = Date.now,
  ) {
    if (start !== undefined) this.frozenAt = toInstant(start);
  }

  /** The current instant in epoch milliseconds. */
  nowMs(): number {
    return this.frozenAt ?? this.realNow() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }

  /** Sets and freezes the clock. */
  set(instant: InstantLike): Date {
    this.frozenAt = toInstant(instant);
    return this.now();
  }

  /** Moves the clock forward (or back, with a negative duration). */
  advance(duration: Duration): Date {
    const ms = durationMs(duration);
    if (!Number.isFinite(ms)) throw new RangeError('Duration must be finite');
    if (this.frozenAt === undefined) this.offsetMs += ms;
    else this.frozenAt += ms;
    return this.now();
  }

  /** Back to real time. */
  useRealTime(): Date {
    this.frozenAt = undefined;
    this.offsetMs = 0;
    return this.now();
  }
}
