import { describe, expect, it } from 'vitest';
import { REMINDER_OFFSETS, reminderDueAt, romeLocalToInstant } from '../src';

const offset = (type: string) => {
  const found = REMINDER_OFFSETS.find((o) => o.type === type);
  if (!found) throw new Error(type);
  return found;
};

describe('reminderDueAt', () => {
  it('counts days on the Rome clock and hours as elapsed time, in summer', () => {
    const deadline = new Date('2026-06-20T16:00:00Z'); // 18:00 Rome (CEST)
    expect(reminderDueAt(deadline, offset('reminder_1w')).toISOString()).toBe('2026-06-13T16:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_3d')).toISOString()).toBe('2026-06-17T16:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_1d')).toISOString()).toBe('2026-06-19T16:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_5h')).toISOString()).toBe('2026-06-20T11:00:00.000Z');
  });

  it('keeps the Rome wall time across the autumn change (summer time before, winter time at the deadline)', () => {
    const deadline = romeLocalToInstant(2026, 10, 30, 18); // Friday 30 Oct 18:00 CET = 17:00Z
    expect(deadline.toISOString()).toBe('2026-10-30T17:00:00.000Z');
    // 23 Oct 18:00 is still summer time: 16:00Z, 7 days and 1 hour earlier in UTC.
    expect(reminderDueAt(deadline, offset('reminder_1w')).toISOString()).toBe('2026-10-23T16:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_3d')).toISOString()).toBe('2026-10-27T17:00:00.000Z');
    // 5 elapsed hours: 12:00 Rome.
    expect(reminderDueAt(deadline, offset('reminder_5h')).toISOString()).toBe('2026-10-30T12:00:00.000Z');
  });

  it('keeps the Rome wall time across the spring change (winter time before, summer time at the deadline)', () => {
    const deadline = romeLocalToInstant(2026, 3, 31, 12); // Tuesday 31 Mar 12:00 CEST = 10:00Z
    expect(deadline.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_1w')).toISOString()).toBe('2026-03-24T11:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_3d')).toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(reminderDueAt(deadline, offset('reminder_1d')).toISOString()).toBe('2026-03-30T10:00:00.000Z');
  });

  it('5 hours before a deadline just after the spring change is 5 elapsed hours, not 5 wall-clock hours', () => {
    const deadline = romeLocalToInstant(2026, 3, 29, 6); // 06:00 CEST = 04:00Z; 01:00 CET the night before
    expect(reminderDueAt(deadline, offset('reminder_5h')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    const deadline = romeLocalToInstant(2027, 1, 2, 23, 59); // 22:59Z on 2 Jan
    expect(reminderDueAt(deadline, offset('reminder_1w')).toISOString()).toBe('2026-12-26T22:59:00.000Z');
  });
});
